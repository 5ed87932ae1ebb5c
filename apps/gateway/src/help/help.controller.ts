import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppgenError } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';
import { SiteContent } from '../discovery/site-content';
import { JSON_TYPE, MARKDOWN_TYPE, sendPage, sendSiteFile } from '../site/site-reply';
import { SITE_PATHS } from '../site/site-paths';

/** The help centre: its index page, its categories as JSON, and each article as HTML or raw markdown. */
@Public()
@ApiExcludeController()
@Controller()
export class HelpController {
  constructor(private readonly content: SiteContent) {}

  @Get(SITE_PATHS.help)
  index(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    const { help, links } = this.content.site;
    return sendPage(request, reply, help.index, links);
  }

  @Get(SITE_PATHS.helpCategories)
  categories(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    const { help, links } = this.content.site;
    return sendSiteFile(request, reply, { body: `${JSON.stringify(help.listing, null, 2)}\n`, type: JSON_TYPE }, links);
  }

  /** `<slug>.md` is the article's markdown file; `<slug>` its page, HTML unless the request asks for markdown. */
  @Get(`${SITE_PATHS.helpArticles}/:file`)
  article(@Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    const { help, links } = this.content.site;
    const asFile = file.endsWith('.md');
    const slug = asFile ? file.slice(0, -'.md'.length) : file;
    const page = help.article(slug);
    if (!page) throw AppgenError.of('not_found', `There is no help article ${JSON.stringify(slug.slice(0, 100))}; GET ${SITE_PATHS.helpCategories} lists them`);
    return asFile ? sendSiteFile(request, reply, { body: page.markdown, type: MARKDOWN_TYPE }, links) : sendPage(request, reply, page, links);
  }
}
