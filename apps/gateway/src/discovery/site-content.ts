import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { HelpCentre } from '../help/help-centre';
import { PublishedApi } from '../openapi/published-api';
import { discoveryLinkHeader } from '../site/link-header';
import type { SitePage } from '../site/page-layout';
import type { SiteFacts } from '../site/site-facts';
import { JSON_TYPE, MARKDOWN_TYPE, TEXT_TYPE, type SiteFile } from '../site/site-reply';
import { SITE_PATHS, SiteUrls } from '../site/site-paths';
import { describeTools } from '../tools/tool-executor';
import type { DISCOVERY_FILE_PATHS } from './discovery.controller';
import { agentCard, agentSkillsIndex, API_CATALOG_TYPE, apiCatalog, serverCard } from './agent-files';
import { renderAuth } from './auth-file';
import { landingPage } from './landing-page';
import { renderLlmsFull, renderLlmsTxt } from './llms-files';
import { acpDocument, defaultSecurityContact, securityTxt, sitemap, ucpProfile } from './site-files';
import { renderSkill } from './skill-file';

const json = (value: unknown, type = JSON_TYPE): SiteFile => ({ body: `${JSON.stringify(value, null, 2)}\n`, type });

/** Everything the site root serves for people and agents, written once from the facts. */
export interface Site {
  /** the discovery files by path, except security.txt, whose Expires moves with the clock */
  files: ReadonlyMap<string, SiteFile>;
  landing: SitePage;
  help: HelpCentre;
  /** the Link header of every page and file */
  links: string;
}

export function buildSite(facts: SiteFacts): Site {
  const help = new HelpCentre(facts);
  const skill = renderSkill(facts);
  const card = json(serverCard(facts));
  const skills = json(agentSkillsIndex(facts, skill));
  // Keyed by the controller's routes, so a route added there without its file here fails to compile.
  const files: Record<(typeof DISCOVERY_FILE_PATHS)[number], SiteFile> = {
    [SITE_PATHS.skill]: { body: skill, type: MARKDOWN_TYPE },
    [SITE_PATHS.auth]: { body: renderAuth(facts), type: MARKDOWN_TYPE },
    [SITE_PATHS.llms]: { body: renderLlmsTxt(facts, help), type: TEXT_TYPE },
    [SITE_PATHS.llmsFull]: { body: renderLlmsFull(facts), type: TEXT_TYPE },
    [SITE_PATHS.serverCard]: card,
    [SITE_PATHS.serverCardLegacy]: card,
    [SITE_PATHS.agentSkills]: skills,
    [SITE_PATHS.agentSkillsLegacy]: skills,
    [SITE_PATHS.apiCatalog]: json(apiCatalog(facts), API_CATALOG_TYPE),
    [SITE_PATHS.acp]: json(acpDocument(facts)),
    [SITE_PATHS.ucp]: json(ucpProfile(facts)),
    [SITE_PATHS.agentCard]: json(agentCard(facts)),
    [SITE_PATHS.sitemap]: { body: sitemap(facts.urls, help), type: 'application/xml; charset=utf-8' },
  };
  return { files: new Map(Object.entries(files)), landing: landingPage(facts), help, links: discoveryLinkHeader(facts.urls) };
}

/**
 * The site, built on first use (the OpenAPI document it reads exists only once the gateway is configured)
 * and kept: nothing in it changes while the process runs.
 */
@Injectable()
export class SiteContent {
  private built: Site | undefined;
  readonly urls: SiteUrls;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly api: PublishedApi,
  ) {
    this.urls = new SiteUrls(config.SITE_URL);
  }

  get site(): Site {
    this.built ??= buildSite({
      urls: this.urls,
      api: this.api.document,
      tools: describeTools().tools,
      anonymousRateLimit: this.config.ANONYMOUS_RATE_LIMIT,
    });
    return this.built;
  }

  securityTxt(now: Date): SiteFile {
    return { body: securityTxt(this.urls, this.config.SECURITY_CONTACT ?? defaultSecurityContact(this.urls), now), type: TEXT_TYPE };
  }
}
