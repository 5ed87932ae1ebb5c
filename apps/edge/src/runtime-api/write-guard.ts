import type { ErrorCode } from '@appgen/contracts';

/**
 * Cross-site request forgery on generated apps. Every app lives under the same registrable domain
 * locally (`*.preview.localhost`, `*.apps.localhost`), and in production unless APPS_HOST and PREVIEW_HOST
 * are on the Public Suffix List, so `SameSite=Lax` still sends an app user's session cookie on a request
 * that another tenant's app makes. The runtime API therefore refuses any write that a browser says came
 * from elsewhere, and reads write bodies only as JSON, which a page of another origin cannot send without
 * a CORS preflight that the edge never answers.
 */

/** Methods that change something; GET and HEAD only read and are left to the usual CORS rules. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface WriteHeaders {
  method: string;
  /** the `Origin` header, as sent */
  origin: string | undefined;
  /** the `Sec-Fetch-Site` header, as sent */
  fetchSite: string | undefined;
  /** the `Content-Type` header, as sent */
  contentType: string | undefined;
  /** whether the request carries body bytes */
  hasBody: boolean;
  /** where the app is served for this request (`scheme://host[:port]`), or null when the Host cannot be one */
  appOrigin: string | null;
}

export interface WriteRefusal {
  code: Extract<ErrorCode, 'forbidden' | 'unsupported_media_type'>;
  message: string;
}

/**
 * The origin the app is served at for this request: the public scheme and the Host header the browser
 * sent (with its port), which is exactly what a page of the app puts in `Origin`. It follows whatever
 * address served the app (preview, production or a custom domain), with no list to keep in step.
 */
export function appOriginOf(scheme: 'http' | 'https', hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  return serializedOrigin(`${scheme}://${hostHeader}`);
}

/** An origin in the form browsers send it (lowercase host, default port dropped), or null. */
function serializedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // A Host header with a path, a user or a query is not an origin; neither is such an Origin header.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || value.endsWith('/')) return null;
  return url.origin;
}

function isJson(contentType: string): boolean {
  const media = contentType.split(';', 1)[0]?.trim().toLowerCase();
  return media === 'application/json';
}

/**
 * Why a write must be refused, or null when it may go on. Reads always go on.
 * - `Origin` present: it must be the app's own origin (`null`, from sandboxed frames and data: pages, is not).
 * - `Origin` absent: browsers then send `Sec-Fetch-Site`; `cross-site` and `same-site` (another app under
 *   the same domain) are refused, `same-origin` and `none` (typed by the user) go on.
 * - Neither header: not a browser (curl, a server, a test). Such a client cannot carry someone else's
 *   cookie, so it is no forgery; it goes on and is treated like any other caller.
 * - A body must be `application/json`; a write without a body (DELETE, sign-out) needs no Content-Type,
 *   but one that names another type is refused, so a form post can never get through.
 */
export function writeRefusal(request: WriteHeaders): WriteRefusal | null {
  if (!WRITE_METHODS.has(request.method.toUpperCase())) return null;
  const forbidden = (): WriteRefusal => ({
    code: 'forbidden',
    message: request.appOrigin
      ? `This app accepts changes only from its own pages at ${request.appOrigin}.`
      : 'This app accepts changes only from its own pages.',
  });
  if (request.origin !== undefined) {
    const origin = serializedOrigin(request.origin.trim());
    if (origin === null || request.appOrigin === null || origin !== request.appOrigin) return forbidden();
  } else if (request.fetchSite !== undefined) {
    const site = request.fetchSite.trim().toLowerCase();
    if (site !== 'same-origin' && site !== 'none') return forbidden();
  }
  const contentType = request.contentType?.trim() ?? '';
  if (contentType === '' ? request.hasBody : !isJson(contentType)) {
    return { code: 'unsupported_media_type', message: 'Send the request body as JSON, with Content-Type: application/json.' };
  }
  return null;
}
