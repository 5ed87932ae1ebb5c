import { appUrls, type AppPublicUrls } from '@appgen/contracts';
import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

/** The edge's own default port, which public addresses carry locally. */
const EDGE_DEFAULT_PORT = '8080';

export const deploymentEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3103, min: 1, max: 65535 }),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
  SITE_URL: env.url('site root, for editor links in build errors and deploy refusals', {
    default: 'http://localhost:3000',
    protocols: ['http', 'https'],
  }),
  PREVIEW_HOST: env.string('previews are served at preview-<app_id>.<PREVIEW_HOST>', { default: 'preview.localhost' }),
  APPS_HOST: env.string('production apps are served at <app_id>.<APPS_HOST>', { default: 'apps.localhost' }),
  PUBLIC_URL_SCHEME: env.oneOf('scheme of the public app addresses', ['http', 'https'] as const, { default: 'http' }),
  PUBLIC_URL_PORT: env.publicPort('port in the public app addresses; empty for none', EDGE_DEFAULT_PORT),
  DEPLOY_POLL_INTERVAL_MS: env.int('how often the deployment worker looks for work it was not notified of', {
    default: 1000,
    min: 50,
  }),
  DEPLOY_STALE_AFTER_MS: env.int('a deployment whose worker has been silent this long is taken over by another', {
    default: 30000,
    min: 100,
  }),
};
export type DeploymentConfig = ConfigOf<typeof deploymentEnv>;
export const DEPLOYMENT_CONFIG = Symbol('DEPLOYMENT_CONFIG');

export function loadDeploymentConfig(source?: NodeJS.ProcessEnv): DeploymentConfig {
  return loadConfig(deploymentEnv, source);
}

/** Addresses of one app, as the rest of appgen spells them. */
export function publicUrls(config: DeploymentConfig, appId: string): AppPublicUrls {
  return appUrls(appId, {
    previewHost: config.PREVIEW_HOST,
    appsHost: config.APPS_HOST,
    scheme: config.PUBLIC_URL_SCHEME,
    port: config.PUBLIC_URL_PORT,
  });
}

