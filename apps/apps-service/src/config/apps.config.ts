import { ConfigError, env, loadConfig, secretsKeyEnv, secretsKeyOf, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const appsEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3101, min: 1, max: 65535 }),
  SITE_URL: env.url('site root, for editor links', { default: 'http://localhost:3000', protocols: ['http', 'https'] }),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
  SECRETS_KEY: secretsKeyEnv("encrypts apps' environment variables at rest"),
};
export type AppsConfig = ConfigOf<typeof appsEnv> & { readonly secretsKey: Buffer };
export const APPS_CONFIG = Symbol('APPS_CONFIG');

export function loadAppsConfig(source: NodeJS.ProcessEnv = process.env): AppsConfig {
  const config = loadConfig(appsEnv, source);
  const problems: string[] = [];
  const secretsKey = secretsKeyOf(config.SECRETS_KEY, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, secretsKey };
}
