import { ConfigError } from '@appgen/service-kit';
import { loadBillingConfig } from './billing.config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadBillingConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("billing-service's checkout variables", () => {
  it('defaults to the sandbox: no Stripe key, sessions of an hour on the local site', () => {
    expect(loadBillingConfig({})).toMatchObject({ SITE_URL: 'http://localhost:3000', CHECKOUT_SESSION_TTL_MINUTES: 60, STRIPE_SECRET_KEY: undefined });
  });

  it('takes Stripe with both its key and its webhook secret, and a stand-in address for its API', () => {
    const config = loadBillingConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(config).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
  });

  it('stops at boot naming what is wrong', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/)]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual(['STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY']);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' })).toEqual([
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)',
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
    ]);
    expect(problemsOf({ STRIPE_API_PROTOCOL: 'ftp', CHECKOUT_SESSION_TTL_MINUTES: '5' })).toEqual([
      expect.stringMatching(/^CHECKOUT_SESSION_TTL_MINUTES must be at least 30/),
      expect.stringMatching(/^STRIPE_API_PROTOCOL must be one of https, http/),
    ]);
  });
});
