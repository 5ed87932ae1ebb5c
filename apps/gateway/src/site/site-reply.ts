import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prefersMarkdown } from './content-negotiation';
import { PAGE_CSP, renderPageHtml, type SitePage } from './page-layout';

/** A file served at the site root: its body and its media type. */
export interface SiteFile {
  body: string;
  type: string;
}

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public and cacheable for a short while: shared caches may keep these five minutes, and after that a client
 * revalidates with the ETag (a 304 costs no body). Short, because the files follow the running code: a deploy
 * that adds a route or a tool shows in them within minutes.
 */
export const CACHE_CONTROL = 'public, max-age=300';

/**
 * Sends a discovery file or a page with what every such response carries: the Link header, caching
 * (Cache-Control and a strong ETag of the body, answered 304 on If-None-Match), and nosniff.
 */
export function sendSiteFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile, links: string, extraHeaders: Record<string, string> = {}): FastifyReply {
  const etag = `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 32)}"`;
  reply.headers({
    link: links,
    'cache-control': CACHE_CONTROL,
    etag,
    'x-content-type-options': 'nosniff',
    ...extraHeaders,
  });
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type(file.type).send(file.body);
}

/** Sends a page as HTML, or as its markdown when the request asks for that (`Accept: text/markdown`). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: SitePage, links: string): FastifyReply {
  // Vary: one URL has two representations, and a cache must not give a browser the markdown.
  if (prefersMarkdown(request.headers.accept)) {
    return sendSiteFile(request, reply, { body: page.markdown, type: MARKDOWN_TYPE }, links, { vary: 'Accept' });
  }
  return sendSiteFile(request, reply, { body: htmlOf(page), type: HTML_TYPE }, links, {
    vary: 'Accept',
    'content-security-policy': PAGE_CSP,
    'referrer-policy': 'no-referrer',
  });
}

const rendered = new WeakMap<SitePage, string>();

/** Pages do not change while the process runs: each is rendered once. */
function htmlOf(page: SitePage): string {
  let html = rendered.get(page);
  if (html === undefined) {
    html = renderPageHtml(page);
    rendered.set(page, html);
  }
  return html;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
