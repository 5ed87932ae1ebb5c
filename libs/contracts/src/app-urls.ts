/** What public addresses of generated apps are made of (decisions.md, "Configuration"). */
export interface AppUrlOptions {
  /** e.g. `preview.localhost`: previews live at `preview-<app_id>.<previewHost>` */
  previewHost: string;
  /** e.g. `apps.localhost`: production lives at `<app_id>.<appsHost>` */
  appsHost: string;
  /** `http` locally, `https` in production */
  scheme: string;
  /** the edge's public port, e.g. `8080` locally; empty when the scheme's default port is used */
  port: string;
}

export interface AppPublicUrls {
  preview: string;
  production: string;
}

/**
 * The preview and production addresses of an app, in the one shape every service and the edge agree on:
 * `http://preview-<id>.<PREVIEW_HOST>:<port>` and `http://<id>.<APPS_HOST>:<port>` locally, `https://` without a
 * port in production.
 */
export function appUrls(appId: string, options: AppUrlOptions): AppPublicUrls {
  const port = options.port === '' ? '' : `:${options.port}`;
  return {
    preview: `${options.scheme}://preview-${appId}.${options.previewHost}${port}`,
    production: `${options.scheme}://${appId}.${options.appsHost}${port}`,
  };
}

/** The dashboard's editor of an app: `{SITE_URL}/account/apps/<id>/editor` (decisions.md, "Apps, extras"). */
export function editorUrl(siteUrl: string, appId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/account/apps/${appId}/editor`;
}

/**
 * An app's production address: `https://<primary domain>` while the app has an operational primary custom domain
 * (contract 4.6, set_primary), else its default address. deployment-service (on deploy) and domains-service (when
 * the primary changes) both answer with this, so the two never disagree on what production_url is.
 */
export function productionUrlOf(defaultProductionUrl: string, operationalPrimaryDomain: string | null): string {
  return operationalPrimaryDomain === null ? defaultProductionUrl : `https://${operationalPrimaryDomain}`;
}
