import { ConfigError, env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const billingEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3108, min: 1, max: 65535 }),
  SITE_URL: env.url('site root: the sandbox checkout page and Stripe Checkout return to {SITE_URL}/checkout/<session_id>', {
    default: 'http://localhost:3000',
    protocols: ['http', 'https'],
  }),
  CHECKOUT_SESSION_TTL_MINUTES: env.int('how long a checkout session can be paid (Stripe accepts 30 minutes to 24 hours)', {
    default: 60,
    min: 30,
    max: 24 * 60,
  }),
  STRIPE_SECRET_KEY: env.optionalString('Stripe secret key (sk_… or a restricted rk_…): when set, checkout uses Stripe Checkout; unset: the sandbox'),
  STRIPE_WEBHOOK_SECRET: env.optionalString("signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY"),
  STRIPE_API_HOST: env.optionalString("host the Stripe SDK calls instead of Stripe's (a local stand-in in tests)"),
  STRIPE_API_PORT: env.int('port of STRIPE_API_HOST', { default: 443, min: 1, max: 65535 }),
  STRIPE_API_PROTOCOL: env.oneOf('protocol of STRIPE_API_HOST', ['https', 'http'] as const, { default: 'https' }),
};
export type BillingConfig = ConfigOf<typeof billingEnv>;
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

/** Rules between variables, which no single variable's parser can see. */
function stripeProblems(config: BillingConfig): string[] {
  const problems: string[] = [];
  const key = config.STRIPE_SECRET_KEY;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (key !== undefined && !/^(sk|rk)_[A-Za-z0-9_]+$/.test(key)) problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)');
  if (key !== undefined && secret === undefined) {
    problems.push('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (without it no payment could ever be credited)');
  }
  if (secret !== undefined && !/^whsec_[A-Za-z0-9_]+$/.test(secret)) problems.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  if (secret !== undefined && key === undefined) problems.push('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY');
  return problems;
}

export function loadBillingConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  const config = loadConfig(billingEnv, source);
  const problems = stripeProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
