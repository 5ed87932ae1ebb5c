import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const domainsEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3107, min: 1, max: 65535 }),
};
export type DomainsConfig = ConfigOf<typeof domainsEnv>;
export const DOMAINS_CONFIG = Symbol('DOMAINS_CONFIG');

export function loadDomainsConfig(): DomainsConfig {
  return loadConfig(domainsEnv);
}
