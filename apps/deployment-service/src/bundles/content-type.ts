import { posix } from 'node:path';

const TEXT = '; charset=utf-8';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': `text/html${TEXT}`,
  '.htm': `text/html${TEXT}`,
  '.js': `text/javascript${TEXT}`,
  '.mjs': `text/javascript${TEXT}`,
  '.css': `text/css${TEXT}`,
  '.json': `application/json${TEXT}`,
  '.map': `application/json${TEXT}`,
  '.webmanifest': `application/manifest+json${TEXT}`,
  '.svg': `image/svg+xml${TEXT}`,
  '.txt': `text/plain${TEXT}`,
  '.md': `text/markdown${TEXT}`,
  '.xml': `application/xml${TEXT}`,
  '.csv': `text/csv${TEXT}`,
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The Content-Type the edge sends for a bundle file, by its extension. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[posix.extname(path).toLowerCase()] ?? 'application/octet-stream';
}
