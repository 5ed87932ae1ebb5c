/**
 * Headers on everything the edge answers on EDGE_PORT: no page of an app or of the edge may be framed by
 * another site (clickjacking), no response is sniffed into another type, and other sites learn only the
 * origin a visitor came from, never the app's paths.
 */
export const EDGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * The policy of every file of a generated app. The renderer's apps load one script and one stylesheet
 * from their own bundle, draw their favicon from a data: URL and call only their own `/_api`, so they run
 * under it unchanged; code written by hand must do the same (no inline scripts, styles or event
 * attributes, no third-party hosts). `frame-ancestors 'none'` is the modern form of X-Frame-Options.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
