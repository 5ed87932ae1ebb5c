/**
 * Whether a page request asks for its markdown rather than its HTML: only when the client names
 * `text/markdown` (or `text/x-markdown`) itself and ranks it at least as high as `text/html`. A browser's
 * `text/html,...,*\/*;q=0.8` therefore still gets HTML, and an agent's `Accept: text/markdown` gets markdown.
 */
export function prefersMarkdown(accept: string | string[] | undefined): boolean {
  const ranges = parseAccept(Array.isArray(accept) ? accept.join(',') : (accept ?? ''));
  const markdown = Math.max(quality(ranges, 'text/markdown', true), quality(ranges, 'text/x-markdown', true));
  return markdown > 0 && markdown >= quality(ranges, 'text/html', false);
}

interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const qParam = params.find((param) => param.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
    })
    .filter((range) => range.type !== '');
}

/** The quality the most specific matching range gives `type`; `exactOnly` ignores wildcards. */
function quality(ranges: readonly MediaRange[], type: string, exactOnly: boolean): number {
  const exact = ranges.find((range) => range.type === type);
  if (exact) return exact.q;
  if (exactOnly) return 0;
  const family = ranges.find((range) => range.type === `${type.split('/')[0]}/*`);
  if (family) return family.q;
  return ranges.find((range) => range.type === '*/*')?.q ?? (ranges.length === 0 ? 1 : 0);
}
