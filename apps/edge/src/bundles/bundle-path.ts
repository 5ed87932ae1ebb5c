import { extensionOf } from '@appgen/contracts';

export const INDEX_HTML = 'index.html';

export type PathResolution = { kind: 'file'; path: string; fallback: boolean } | { kind: 'missing' } | { kind: 'bad_request' };

/**
 * Which bundle file answers a URL path. Paths are looked up in the bundle's list (never on a disk), so
 * `..` cannot escape anything; it simply names no file. A path without an extension is a client-side
 * route of the app and gets index.html; a missing asset (with an extension) is a 404, not the page.
 */
export function resolveBundlePath(urlPath: string, paths: ReadonlySet<string>): PathResolution {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'bad_request' };
  }
  if (decoded.includes('\0')) return { kind: 'bad_request' };
  let path = decoded.replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) path = `${path}${INDEX_HTML}`;
  if (paths.has(path)) return { kind: 'file', path, fallback: false };
  if (extensionOf(path) === '' && paths.has(INDEX_HTML)) return { kind: 'file', path: INDEX_HTML, fallback: true };
  // `/about/` names a route too, when the bundle has no about/index.html.
  if (decoded.endsWith('/') && paths.has(INDEX_HTML)) return { kind: 'file', path: INDEX_HTML, fallback: true };
  return { kind: 'missing' };
}
