import { DEFAULT_CLAIM_WINDOW_HOURS, appUrls } from '@appgen/contracts';
import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const claimEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3109, min: 1, max: 65535 }),
  SITE_URL: env.url('site root: claim links are {SITE_URL}/claim/<token>', { default: 'http://localhost:3000', protocols: ['http', 'https'] }),
  PREVIEW_HOST: env.string('previews are served at preview-<app_id>.<PREVIEW_HOST>', { default: 'preview.localhost' }),
  APPS_HOST: env.string('production apps are served at <app_id>.<APPS_HOST>', { default: 'apps.localhost' }),
  PUBLIC_URL_SCHEME: env.oneOf('scheme of the public app addresses', ['http', 'https'] as const, { default: 'http' }),
  PUBLIC_URL_PORT: env.publicPort('port of the public app addresses (the edge), empty for the scheme default', '8080'),
  CLAIM_WINDOW_HOURS: env.number('hours an anonymous build waits to be claimed before it is deleted; fractions allowed (0.001 is 3.6 s, for tests)', {
    default: DEFAULT_CLAIM_WINDOW_HOURS,
    min: 0.0001,
    max: 24 * 366,
  }),
  CLAIM_SWEEP_INTERVAL_MS: env.int('how often the expiry sweep looks for unclaimed builds past their window', { default: 60_000, min: 50 }),
  CLAIM_DELETE_RETRY_MS: env.int('how long the sweep waits before trying again to delete an app whose deletion failed', {
    default: 60_000,
    min: 50,
  }),
};
export type ClaimConfig = ConfigOf<typeof claimEnv>;
export const CLAIM_CONFIG = Symbol('CLAIM_CONFIG');

export function loadClaimConfig(source: NodeJS.ProcessEnv = process.env): ClaimConfig {
  return loadConfig(claimEnv, source);
}

/** Where an app's preview lives, as generation-service and the edge spell it. */
export function previewUrlOf(config: ClaimConfig, appId: string): string {
  return appUrls(appId, { previewHost: config.PREVIEW_HOST, appsHost: config.APPS_HOST, scheme: config.PUBLIC_URL_SCHEME, port: config.PUBLIC_URL_PORT })
    .preview;
}

/** The claim page of a token: `{site_url}/claim/<token>` (contract section 2). */
export function claimUrlOf(config: ClaimConfig, token: string): string {
  return `${config.SITE_URL.replace(/\/+$/, '')}/claim/${token}`;
}
