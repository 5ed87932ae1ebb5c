import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const billingEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3108, min: 1, max: 65535 }),
};
export type BillingConfig = ConfigOf<typeof billingEnv>;
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

export function loadBillingConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  return loadConfig(billingEnv, source);
}
