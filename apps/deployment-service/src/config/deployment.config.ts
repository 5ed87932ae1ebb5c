import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const deploymentEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3103, min: 1, max: 65535 }),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
};
export type DeploymentConfig = ConfigOf<typeof deploymentEnv>;
export const DEPLOYMENT_CONFIG = Symbol('DEPLOYMENT_CONFIG');

export function loadDeploymentConfig(): DeploymentConfig {
  return loadConfig(deploymentEnv);
}
