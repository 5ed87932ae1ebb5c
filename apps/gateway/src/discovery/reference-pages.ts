import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hookFor } from '../http/selective-hooks';
import { prefersMarkdown } from '../site/content-negotiation';
import { CACHE_CONTROL, MARKDOWN_TYPE, sendSiteFile } from '../site/site-reply';
import { SITE_PATHS } from '../site/site-paths';
import type { SiteContent } from './site-content';

/**
 * /openapi.json and the Swagger UI at /docs are served by Nest's Swagger module, not by a controller of ours;
 * this gives them what every page and discovery file carries (the Link header, short public caching), and gives
 * /docs a markdown form: asked for with `Accept: text/markdown`, it answers llms-full.txt, the same reference
 * written as text.
 */
export function installReferencePageHeaders(fastify: FastifyInstance, content: SiteContent): void {
  const isReferencePage = (request: FastifyRequest): boolean => request.url.startsWith(SITE_PATHS.openapi) || request.url.startsWith(SITE_PATHS.docs);
  fastify.addHook('onRequest', hookFor(isReferencePage, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isDocs = path === SITE_PATHS.docs || path === `${SITE_PATHS.docs}/`;
    if (path !== SITE_PATHS.openapi && !isDocs) return;
    const { files, links } = content.site;
    if (isDocs) {
      reply.header('vary', 'Accept');
      const reference = files.get(SITE_PATHS.llmsFull);
      if (reference && prefersMarkdown(request.headers.accept)) {
        await sendSiteFile(request, reply, { body: reference.body, type: MARKDOWN_TYPE }, links);
        return reply;
      }
    }
    reply.headers({ link: links, 'cache-control': CACHE_CONTROL });
  }));
}
