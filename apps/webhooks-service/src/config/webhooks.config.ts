import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const webhooksEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3106, min: 1, max: 65535 }),
};
export type WebhooksConfig = ConfigOf<typeof webhooksEnv>;
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');

export function loadWebhooksConfig(): WebhooksConfig {
  return loadConfig(webhooksEnv);
}
