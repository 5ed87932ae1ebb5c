import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const claimEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3109, min: 1, max: 65535 }),
};
export type ClaimConfig = ConfigOf<typeof claimEnv>;
export const CLAIM_CONFIG = Symbol('CLAIM_CONFIG');

export function loadClaimConfig(): ClaimConfig {
  return loadConfig(claimEnv);
}
