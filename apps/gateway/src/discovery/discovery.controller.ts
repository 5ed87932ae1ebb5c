import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../access/access.decorators';
import { FAVICON_SVG } from '../site/page-layout';
import { sendPage, sendSiteFile } from '../site/site-reply';
import { SITE_PATHS } from '../site/site-paths';
import { SiteContent } from './site-content';

/** The discovery files served from the built site (security.txt has its own route: its Expires moves). */
export const DISCOVERY_FILE_PATHS = [
  SITE_PATHS.skill,
  SITE_PATHS.auth,
  SITE_PATHS.llms,
  SITE_PATHS.llmsFull,
  SITE_PATHS.serverCard,
  SITE_PATHS.serverCardLegacy,
  SITE_PATHS.agentSkills,
  SITE_PATHS.agentSkillsLegacy,
  SITE_PATHS.apiCatalog,
  SITE_PATHS.acp,
  SITE_PATHS.ucp,
  SITE_PATHS.agentCard,
  SITE_PATHS.sitemap,
] as const;

/**
 * The landing page and the discovery files at the site root (contract 4.11): public, rate limited per IP
 * like every route without a credential, and kept out of the OpenAPI document, which describes the API.
 */
@Public()
@ApiExcludeController()
@Controller()
export class DiscoveryController {
  constructor(private readonly content: SiteContent) {}

  @Get(SITE_PATHS.landing)
  landing(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    const { landing, links } = this.content.site;
    return sendPage(request, reply, landing, links);
  }

  @Get([...DISCOVERY_FILE_PATHS])
  file(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    const { files, links } = this.content.site;
    const file = files.get(request.routeOptions.url ?? '');
    if (!file) throw new Error(`no discovery file is built for ${request.routeOptions.url}`);
    return sendSiteFile(request, reply, file, links);
  }

  @Get(SITE_PATHS.favicon)
  favicon(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    return sendSiteFile(request, reply, { body: FAVICON_SVG, type: 'image/svg+xml' }, this.content.site.links);
  }

  @Get(SITE_PATHS.securityTxt)
  securityTxt(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    return sendSiteFile(request, reply, this.content.securityTxt(new Date()), this.content.site.links);
  }
}
