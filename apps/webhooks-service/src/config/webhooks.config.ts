import { ConfigError, env, loadConfig, secretsKeyEnv, secretsKeyOf, serviceEnv, type ConfigOf } from '@appgen/service-kit';
import { parseRetrySchedule } from '../deliveries/retry-schedule';

export const webhooksEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3106, min: 1, max: 65535 }),
  SECRETS_KEY: secretsKeyEnv('encrypts webhook and callback secrets at rest'),
  WEBHOOK_ALLOW_PRIVATE: env.bool('allow receiving URLs on private, loopback and link-local addresses', { default: false }),
  WEBHOOK_RETRY_SCHEDULE: env.string('seconds to wait before each retry, comma-separated', {
    default: '5,300,1800,7200,18000,36000,36000',
  }),
  WEBHOOK_TIMEOUT_MS: env.int('how long a receiver may take to answer a delivery', { default: 10_000, min: 100 }),
  WEBHOOK_DISABLE_AFTER_SECONDS: env.int('a subscription whose deliveries all failed for this long is disabled', {
    default: 5 * 24 * 60 * 60,
    min: 1,
  }),
  WEBHOOK_CONCURRENCY: env.int('deliveries in flight at once per process', { default: 256, min: 1 }),
  WEBHOOK_PER_ENDPOINT_CONCURRENCY: env.int('deliveries in flight at once to one subscription', { default: 8, min: 1 }),
  WEBHOOK_FANOUT_ENABLED: env.bool('consume EVENTS and create deliveries', { default: true }),
};
export type WebhooksConfig = ConfigOf<typeof webhooksEnv> & { readonly secretsKey: Buffer; readonly retrySchedule: readonly number[] };
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');

export function loadWebhooksConfig(source: NodeJS.ProcessEnv = process.env): WebhooksConfig {
  const config = loadConfig(webhooksEnv, source);
  const problems: string[] = [];
  const secretsKey = secretsKeyOf(config.SECRETS_KEY, problems);
  const retrySchedule = parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE);
  if (!retrySchedule) problems.push('WEBHOOK_RETRY_SCHEDULE must be comma-separated whole seconds (at least one, each >= 0)');
  if (problems.length > 0 || !retrySchedule) throw new ConfigError(problems);
  return { ...config, secretsKey, retrySchedule };
}
