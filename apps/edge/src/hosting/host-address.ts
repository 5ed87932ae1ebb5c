/**
 * What a request's Host header addresses. App ids are DNS labels (12 characters of [a-z0-9]), so an
 * address is recognised only when the label is exactly that shape: anything else is `unknown` rather
 * than a lookup of a malformed id.
 */
export type HostAddress =
  | { kind: 'preview'; appId: string; host: string }
  | { kind: 'production'; appId: string; host: string }
  | { kind: 'unknown'; host: string };

export interface HostSuffixes {
  /** e.g. `preview.localhost`: previews live at `preview-<app_id>.<previewHost>` */
  previewHost: string;
  /** e.g. `apps.localhost`: production lives at `<app_id>.<appsHost>` */
  appsHost: string;
}

const APP_ID = /^[a-z0-9]{12}$/;
const PREVIEW_PREFIX = 'preview-';

/**
 * Reduces a Host header to a bare hostname: lowercase (DNS is case-insensitive), without the port,
 * without the trailing dot of a fully qualified name. IPv6 literals keep their brackets.
 */
export function normalizeHost(header: string | undefined): string {
  let host = (header ?? '').trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

/** The single label in front of `.<suffix>`, or undefined when host is not exactly one label below it. */
function labelBelow(host: string, suffix: string): string | undefined {
  const tail = `.${suffix}`;
  if (!host.endsWith(tail)) return undefined;
  const label = host.slice(0, -tail.length);
  return label.length > 0 && !label.includes('.') ? label : undefined;
}

export function parseHostAddress(header: string | undefined, suffixes: HostSuffixes): HostAddress {
  const host = normalizeHost(header);
  // Preview first: with PREVIEW_HOST equal to APPS_HOST the `preview-` prefix is what tells them apart.
  const previewLabel = labelBelow(host, normalizeHost(suffixes.previewHost));
  if (previewLabel?.startsWith(PREVIEW_PREFIX)) {
    const appId = previewLabel.slice(PREVIEW_PREFIX.length);
    if (APP_ID.test(appId)) return { kind: 'preview', appId, host };
  }
  const productionLabel = labelBelow(host, normalizeHost(suffixes.appsHost));
  if (productionLabel !== undefined && APP_ID.test(productionLabel)) {
    return { kind: 'production', appId: productionLabel, host };
  }
  return { kind: 'unknown', host };
}
