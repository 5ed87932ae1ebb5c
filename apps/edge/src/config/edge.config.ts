import { ConfigError, env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const edgeEnv = {
  // DATABASE_URL comes along with serviceEnv but is unused: the edge owns no schema and reads through NATS.
  ...serviceEnv,
  EDGE_PORT: env.int('port serving generated apps by Host header', { default: 8080, min: 1, max: 65535 }),
  EDGE_TLS_PORT: env.int("HTTPS port serving custom domains, each with its own certificate chosen by SNI", { default: 8443, min: 1, max: 65535 }),
  HEALTH_PORT: env.int('port of the health endpoint, kept off EDGE_PORT where apps own every path', {
    default: 3104,
    min: 1,
    max: 65535,
  }),
  PREVIEW_HOST: env.string('previews are served at preview-<app_id>.<PREVIEW_HOST>', { default: 'preview.localhost' }),
  APPS_HOST: env.string('production apps are served at <app_id>.<APPS_HOST>', { default: 'apps.localhost' }),
  SITE_URL: env.url("site root: the console's origin, the one site allowed to frame a preview", { default: 'http://localhost:3000', protocols: ['http', 'https'] }),
  PUBLIC_URL_SCHEME: env.oneOf('scheme of the public app addresses; https marks cookies Secure', ['http', 'https'] as const, {
    default: 'http',
  }),
  RUNTIME_CACHE_MS: env.int('the longest an app, its bundle and a session are remembered; announced changes apply at once regardless', {
    default: 2000,
    min: 0,
    max: 2000,
  }),
  BUNDLE_CACHE_MB: env.int('memory for bundle files, kept by build id and path (builds never change)', { default: 64, min: 1, max: 4096 }),
  PAGE_VIEW_FLUSH_MS: env.int('how often recorded page views are sent to apps-service in one batch', { default: 1000, min: 50, max: 60_000 }),
};
export type EdgeConfig = ConfigOf<typeof edgeEnv>;
export const EDGE_CONFIG = Symbol('EDGE_CONFIG');

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function loadEdgeConfig(source: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const config = loadConfig(edgeEnv, source);
  const problems: string[] = [];
  for (const name of ['PREVIEW_HOST', 'APPS_HOST'] as const) {
    if (!HOSTNAME.test(config[name])) {
      problems.push(`${name} must be a lowercase hostname without scheme or port, got "${config[name]}" (${edgeEnv[name].description})`);
    }
  }
  const ports = [['EDGE_PORT', config.EDGE_PORT], ['EDGE_TLS_PORT', config.EDGE_TLS_PORT], ['HEALTH_PORT', config.HEALTH_PORT]] as const;
  for (const [i, [name, port]] of ports.entries()) {
    for (const [other, otherPort] of ports.slice(i + 1)) if (port === otherPort) problems.push(`${name} and ${other} must differ, both are ${port}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
