import type { HostAddress } from './host-address';

export interface PageResponse {
  status: number;
  contentType: string;
  body: string;
}

/** True when the client asked for JSON ahead of HTML (API clients, fetch from a generated app). */
export function prefersJson(accept: string | undefined): boolean {
  const value = (accept ?? '').toLowerCase();
  const json = value.search(/application\/(?:[a-z0-9.+-]*\+)?json/);
  if (json === -1) return false;
  const html = value.indexOf('text/html');
  return html === -1 || json < html;
}

const PRINTABLE_HOST = /^[a-z0-9.:[\]-]{1,253}$/;

/**
 * Why an address has nothing to serve: the app does not exist, it has no build for this address yet
 * (the default), or the bundle has no file at the path asked for.
 */
export type MissingReason = 'no_app' | 'no_bundle' | { file: string };

export function notFoundMessage(address: HostAddress, reason: MissingReason = 'no_bundle'): string {
  if (address.kind !== 'unknown' && reason === 'no_app') return `No app ${address.appId} exists.`;
  if (address.kind !== 'unknown' && typeof reason === 'object') {
    const path = reason.file.length > 200 ? `${reason.file.slice(0, 200)}…` : reason.file;
    return `App ${address.appId} has no file at ${path}.`;
  }
  switch (address.kind) {
    case 'preview':
      return `App ${address.appId} has no preview yet.`;
    case 'production':
      return `App ${address.appId} is not deployed.`;
    case 'unknown':
      // The Host header is the client's to choose: echo it only when it looks like a hostname.
      return PRINTABLE_HOST.test(address.host) ? `No app is served at ${address.host}.` : 'No app is served at this address.';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HINTS: Record<HostAddress['kind'], string> = {
  preview: 'The preview appears here once the app has been generated and built.',
  production: 'The app appears here once a built version is deployed to production.',
  unknown: 'App previews live at preview-&lt;app id&gt; addresses and deployed apps at &lt;app id&gt; addresses.',
};

function renderHtml(label: string, message: string, hint: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(label)} · appgen</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f7f9; color: #1f2328; }
  main { max-width: 28rem; margin: 1.5rem; padding: 2rem 2.25rem; background: #fff; border: 1px solid #d8dee4; border-radius: 12px; }
  .code { margin: 0; font-size: .8rem; font-weight: 600; letter-spacing: .08em; text-transform: uppercase; color: #6e7781; }
  h1 { margin: .25rem 0 .75rem; font-size: 1.35rem; line-height: 1.3; overflow-wrap: anywhere; }
  p { margin: 0; color: #57606a; }
  @media (prefers-color-scheme: dark) {
    body { background: #0d1117; color: #e6edf3; }
    main { background: #161b22; border-color: #30363d; }
    p, .code { color: #8d96a0; }
  }
</style>
</head>
<body>
<main>
<p class="code">${escapeHtml(label)}</p>
<h1>${escapeHtml(message)}</h1>
<p>${hint}</p>
</main>
</body>
</html>
`;
}

const REASON_HINTS = {
  no_app: 'Check the address: app ids are the 12 characters shown in appgen.',
  file: 'The app has no such file. Its pages are at addresses without a file extension.',
};

/** A 404 naming what is missing at that address, as a small page or as JSON for clients asking for it. */
export function notFoundResponse(address: HostAddress, accept: string | undefined, reason: MissingReason = 'no_bundle'): PageResponse {
  const message = notFoundMessage(address, reason);
  if (prefersJson(accept)) {
    return { status: 404, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: 'not_found', message }) };
  }
  const hint =
    address.kind === 'unknown' || reason === 'no_bundle' ? HINTS[address.kind] : reason === 'no_app' ? REASON_HINTS.no_app : REASON_HINTS.file;
  return { status: 404, contentType: 'text/html; charset=utf-8', body: renderHtml('404 · not found', message, hint) };
}

/** Static pages of an app answer GET and HEAD only. */
export function methodNotAllowedResponse(accept: string | undefined): PageResponse {
  const message = 'This address serves pages: use GET. Data calls go to /_api/….';
  if (prefersJson(accept)) {
    return { status: 405, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: 'method_not_allowed', message }) };
  }
  return { status: 405, contentType: 'text/html; charset=utf-8', body: renderHtml('405 · method not allowed', message, 'Open the address in a browser.') };
}

/**
 * A request the edge could not read (malformed URL, oversized body) or an unexpected failure: the
 * status and a fixed message, never the error's own text or stack.
 */
export function errorResponse(statusCode: number | undefined, accept: string | undefined): PageResponse {
  const status =
    statusCode !== undefined && ((statusCode >= 400 && statusCode < 500) || statusCode === 503 || statusCode === 504) ? statusCode : 500;
  const [error, message] =
    status === 503 || status === 504
      ? [status === 503 ? 'service_unavailable' : 'upstream_timeout', 'This app cannot be served right now. Try again in a moment.']
      : status === 413
      ? ['payload_too_large', 'The request body is too large.']
      : status < 500
        ? ['bad_request', 'The request could not be read.']
        : ['internal_error', 'Something went wrong while serving this address.'];
  if (prefersJson(accept)) {
    return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error, message }) };
  }
  return { status, contentType: 'text/html; charset=utf-8', body: renderHtml(`${status} · ${error.replace(/_/g, ' ')}`, message, 'Try again, or check the address.') };
}
