/**
 * Who may frame what the edge answers. Nobody, for everything but previews (clickjacking of an app's signed-in
 * users). A preview may be framed by the console alone (`SITE_URL`'s origin), which shows it beside the prompt box;
 * a production address or a custom domain never. `X-Frame-Options` cannot name an allowed origin, so a preview goes
 * without it and relies on `frame-ancestors` (which every browser that honours the allow-list reads).
 */
export interface FramePolicy {
  /** the CSP `frame-ancestors` source list */
  ancestors: string;
  /** the headers every answer carries under this policy */
  headers: Readonly<Record<string, string>>;
  /** the policy of every file of a generated app */
  appPolicy: string;
  /** the policy of the edge's own HTML pages (not found, errors) */
  pagePolicy: string;
}

/** No response is sniffed into another type, and other sites learn only the origin a visitor came from, never the app's paths. */
const COMMON_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' } as const;

/**
 * The policy of every file of a generated app. The renderer's apps load one script and one stylesheet
 * from their own bundle, draw their favicon from a data: URL and call only their own `/_api`, so they run
 * under it unchanged; code written by hand must do the same (no inline scripts, styles or event
 * attributes, no third-party hosts).
 */
function appContentSecurityPolicy(ancestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-ancestors ${ancestors}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

function framePolicy(ancestors: string): FramePolicy {
  return {
    ancestors,
    headers: ancestors === "'none'" ? { ...COMMON_HEADERS, 'x-frame-options': 'DENY' } : COMMON_HEADERS,
    appPolicy: appContentSecurityPolicy(ancestors),
    pagePolicy: `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
  };
}

/** Framed by nobody: production addresses, custom domains, unknown hosts. */
export const NOT_FRAMED = framePolicy("'none'");

/** Framed by the console only: what a preview host answers. `siteUrl` is SITE_URL; only its origin is allowed. */
export function framedByConsole(siteUrl: string): FramePolicy {
  return framePolicy(new URL(siteUrl).origin);
}
