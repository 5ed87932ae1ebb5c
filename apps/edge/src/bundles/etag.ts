import { createHash } from 'node:crypto';

/** A strong validator from the bytes themselves, so an unchanged file keeps its ETag across builds. */
export function etagOf(content: Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (a W/ prefix is ignored). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
