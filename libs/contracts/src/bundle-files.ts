/*
 * The Content-Type of a built app's files: deployment-service stores it with each bundle file
 * (`deployment.bundles.file` answers it) and the edge serves it, falling back to it for files stored without
 * one. One table, so the two never disagree about a file.
 */
const TEXT = '; charset=utf-8';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  html: `text/html${TEXT}`,
  htm: `text/html${TEXT}`,
  js: `text/javascript${TEXT}`,
  mjs: `text/javascript${TEXT}`,
  css: `text/css${TEXT}`,
  json: `application/json${TEXT}`,
  map: `application/json${TEXT}`,
  webmanifest: `application/manifest+json${TEXT}`,
  svg: `image/svg+xml${TEXT}`,
  txt: `text/plain${TEXT}`,
  md: `text/markdown${TEXT}`,
  xml: `application/xml${TEXT}`,
  csv: `text/csv${TEXT}`,
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** The extension of the last path segment, lowercased, or '' when it has none (`/recipes/42`, `/.well-known`). */
export function extensionOf(path: string): string {
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  return dot <= 0 ? '' : segment.slice(dot + 1).toLowerCase();
}

/**
 * The Content-Type of a bundle file: the one stored with it when there is one, else one by its extension
 * (bytes for anything unknown). Never sniffed from the content (the edge sends `nosniff`).
 */
export function contentTypeOf(path: string, stored?: string | null): string {
  if (stored) return stored;
  return BY_EXTENSION[extensionOf(path)] ?? 'application/octet-stream';
}

export function isHtml(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('text/html');
}
