import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const appsEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3101, min: 1, max: 65535 }),
  SITE_URL: env.url('site root, for editor links', { default: 'http://localhost:3000', protocols: ['http', 'https'] }),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
};
export type AppsConfig = ConfigOf<typeof appsEnv>;
export const APPS_CONFIG = Symbol('APPS_CONFIG');

export function loadAppsConfig(): AppsConfig {
  return loadConfig(appsEnv);
}
