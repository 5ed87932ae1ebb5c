/**
 * Every path the gateway serves at the site root for people and agents, spelled once: the routes, the
 * global-prefix exclusions, the Link header, llms.txt, the sitemap and the pages all read them from here.
 * The OAuth documents and /mcp are served by their own modules; they are named here to be linked to.
 */
export const SITE_PATHS = {
  landing: '/',
  skill: '/SKILL.md',
  auth: '/auth.md',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  openapi: '/openapi.json',
  docs: '/docs',
  favicon: '/favicon.svg',
  help: '/help',
  helpCategories: '/help/categories',
  helpArticles: '/help/articles',
  serverCard: '/.well-known/mcp/server-card.json',
  serverCardLegacy: '/.well-known/mcp.json',
  agentSkills: '/.well-known/agent-skills/index.json',
  agentSkillsLegacy: '/.well-known/agent-skills.json',
  apiCatalog: '/.well-known/api-catalog',
  acp: '/.well-known/acp.json',
  ucp: '/.well-known/ucp',
  agentCard: '/.well-known/agent-card.json',
  securityTxt: '/.well-known/security.txt',
  sitemap: '/sitemap.xml',
  oauthServer: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
  /** RFC 9728 section 3.1: the metadata of the resource `{site}/mcp`, named by the MCP endpoint's 401 challenge. */
  mcpProtectedResource: '/.well-known/oauth-protected-resource/mcp',
  oauthAuthorize: '/oauth/authorize',
  oauthToken: '/oauth/token',
  mcp: '/mcp',
  api: '/api/v1',
  /** the public health check (RFC 8631 `status`), served by the health module */
  health: '/health',
  /** the claim page of an anonymous build: `{claim}/<claim_token>`, and its forms under it */
  claim: '/claim',
} as const;

export type SitePath = (typeof SITE_PATHS)[keyof typeof SITE_PATHS];

/** A help article's markdown and HTML addresses. */
export function articlePath(slug: string, format: 'markdown' | 'html'): string {
  return `${SITE_PATHS.helpArticles}/${slug}${format === 'markdown' ? '.md' : ''}`;
}

/** Absolute addresses under the configured site root (SITE_URL), which has no trailing slash here. */
export class SiteUrls {
  readonly root: string;

  constructor(siteUrl: string) {
    this.root = siteUrl.replace(/\/+$/, '');
  }

  to(path: string): string {
    return path === '/' ? `${this.root}/` : `${this.root}${path}`;
  }

  /** An API path as the OpenAPI document writes it (`/managed_apps`), made absolute under `/api/v1`. */
  api(path: string): string {
    return `${this.root}${SITE_PATHS.api}${path}`;
  }

  get host(): string {
    return new URL(this.root).hostname;
  }
}
