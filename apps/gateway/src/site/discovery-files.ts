import { SITE_PATHS, type SitePath } from './site-paths';

/**
 * A file at the site root written for agents, with what each place that lists it needs. The Link header gives each
 * a registered relation type where one fits, so a generic client understands it: `service-desc`, `service-doc`,
 * `service-meta` (RFC 8631) for the OpenAPI document, the human reference and machine-readable metadata about the
 * service; `api-catalog` (RFC 9727); `describedby` (POWDER, in the IANA registry) for the skill file, auth.md and
 * the text references. Where a format has a specification of its own, its URL follows as an extension relation
 * type (RFC 8288 section 2.1.2, an absolute URI) so a client looking for exactly that format can pick it out.
 */
export interface DiscoveryFile {
  path: SitePath;
  /** its name in llms.txt, on the landing page, in the footer and as the Link header's `title` */
  name: string;
  /** what it holds, after its name in llms.txt and on the landing page */
  note: string;
  /** the media type links to it announce */
  type: string;
  /** its relation types in the Link header of every page and file; without: not in that header */
  rel?: string;
  /** its section of llms.txt, where `optional` may be skipped; without: llms.txt lists it under another name or is it */
  llms?: 'docs' | 'discovery' | 'optional';
  /** linked from the footer of every page */
  footer?: true;
}

const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

/** The one list of those files: llms.txt, the landing page, the Link header, the footer and the API catalog read it. */
export const DISCOVERY_FILES: readonly DiscoveryFile[] = [
  {
    path: SITE_PATHS.skill,
    name: 'SKILL.md',
    note: 'how an agent uses appgen end to end: authenticate, generate, poll, deploy, repair, webhooks',
    type: 'text/markdown',
    rel: 'describedby https://agentskills.io/specification',
    llms: 'docs',
  },
  {
    path: SITE_PATHS.auth,
    name: 'auth.md',
    note: 'API keys, scopes and permissions, OAuth with PKCE and dynamic registration, MCP authentication',
    type: 'text/markdown',
    rel: 'describedby',
    llms: 'docs',
    footer: true,
  },
  { path: SITE_PATHS.llms, name: 'llms.txt', note: 'an index of every file and help article here, in the llms.txt format', type: 'text/plain', rel: 'describedby https://llmstxt.org/', footer: true },
  {
    path: SITE_PATHS.llmsFull,
    name: 'llms-full.txt',
    note: 'the whole API as text: every route with its permission, body and answers, events, signatures, errors, limits',
    type: 'text/plain',
    rel: 'describedby https://llmstxt.org/',
    llms: 'docs',
    footer: true,
  },
  { path: SITE_PATHS.openapi, name: 'OpenAPI document', note: 'OpenAPI 3.1 description of the REST API', type: OPENAPI_TYPE, rel: 'service-desc', llms: 'docs', footer: true },
  { path: SITE_PATHS.docs, name: 'API reference', note: 'the OpenAPI document, browsable', type: 'text/html', rel: 'service-doc', llms: 'docs' },
  {
    path: SITE_PATHS.serverCard,
    name: 'MCP server card',
    note: 'the MCP endpoint, how to authenticate, and every tool with its input schema',
    type: 'application/json',
    rel: 'service-meta https://modelcontextprotocol.io/extensions/server-card',
    llms: 'discovery',
    footer: true,
  },
  {
    path: SITE_PATHS.agentSkills,
    name: 'Agent skills index',
    note: 'the skills published here, with digests',
    type: 'application/json',
    rel: 'service-meta https://agentskills.io/well-known-uri',
    llms: 'discovery',
  },
  {
    path: SITE_PATHS.apiCatalog,
    name: 'API catalog',
    note: 'RFC 9727 linkset of the API and its descriptions',
    type: 'application/linkset+json',
    rel: 'api-catalog',
    llms: 'discovery',
    footer: true,
  },
  {
    path: SITE_PATHS.agentCard,
    name: 'Agent card',
    note: 'A2A-style card: skills and authentication',
    type: 'application/json',
    rel: 'service-meta https://a2a-protocol.org/latest/specification/',
    llms: 'discovery',
    footer: true,
  },
  {
    path: SITE_PATHS.oauthServer,
    name: 'OAuth authorization server metadata',
    note: 'RFC 8414',
    type: 'application/json',
    rel: 'service-meta https://www.rfc-editor.org/rfc/rfc8414',
    llms: 'discovery',
  },
  {
    path: SITE_PATHS.protectedResource,
    name: 'OAuth protected resource metadata',
    note: 'RFC 9728',
    type: 'application/json',
    rel: 'service-meta https://www.rfc-editor.org/rfc/rfc9728',
    llms: 'discovery',
  },
  { path: SITE_PATHS.helpCategories, name: 'Help categories', note: 'the help centre as JSON', type: 'application/json', llms: 'discovery' },
  {
    path: SITE_PATHS.acp,
    name: 'Commerce discovery (ACP)',
    note: 'credit packs and how to check out',
    type: 'application/json',
    rel: 'service-meta https://agenticcommerce.dev/',
    llms: 'optional',
  },
  {
    path: SITE_PATHS.ucp,
    name: 'Commerce profile (UCP)',
    note: 'the same as a UCP business profile',
    type: 'application/json',
    rel: 'service-meta https://ucp.dev/',
    llms: 'optional',
  },
  { path: SITE_PATHS.serverCardLegacy, name: 'Legacy MCP server card', note: 'the server card at its older address', type: 'application/json', llms: 'optional' },
  { path: SITE_PATHS.agentSkillsLegacy, name: 'Legacy agent skills index', note: 'the skills index at its older address', type: 'application/json', llms: 'optional' },
  { path: SITE_PATHS.securityTxt, name: 'security.txt', note: 'how to report a vulnerability', type: 'text/plain', llms: 'optional', footer: true },
  { path: SITE_PATHS.sitemap, name: 'Sitemap', note: 'every public page', type: 'application/xml', llms: 'optional', footer: true },
];

/** The entry of `path`; every caller names a listed path, so a missing one is a programming error. */
export function discoveryFile(path: SitePath): DiscoveryFile {
  const file = DISCOVERY_FILES.find((entry) => entry.path === path);
  if (!file) throw new Error(`${path} is not in DISCOVERY_FILES`);
  return file;
}
