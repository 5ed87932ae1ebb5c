import { SITE_PATHS, type SiteUrls } from './site-paths';

/**
 * The Link header (RFC 8288) every page and discovery file carries, pointing at the files an agent reads to use
 * appgen. Each link has a registered relation type where one fits, so a generic client understands it:
 * - `service-desc`, `service-doc`, `service-meta` (RFC 8631): the OpenAPI document, the human reference, and
 *   machine-readable metadata about the service (the MCP server card, the agent card, the skills index, the
 *   commerce and OAuth metadata);
 * - `api-catalog` (RFC 9727) for the catalog;
 * - `describedby` (POWDER, in the IANA registry) for the skill file, auth.md and the text references.
 * Where a format has a specification of its own, its URL follows as an extension relation type (RFC 8288
 * section 2.1.2, an absolute URI) so a client looking for exactly that format can pick it out; `title` names
 * each link for people.
 */
interface DiscoveryLink {
  path: string;
  rel: string;
  type: string;
  title: string;
}

const DISCOVERY_LINKS: readonly DiscoveryLink[] = [
  { path: SITE_PATHS.skill, rel: 'describedby https://agentskills.io/specification', type: 'text/markdown', title: 'Agent skill: using appgen end to end' },
  { path: SITE_PATHS.auth, rel: 'describedby', type: 'text/markdown', title: 'Authentication: API keys, scopes, OAuth' },
  { path: SITE_PATHS.llms, rel: 'describedby https://llmstxt.org/', type: 'text/plain', title: 'llms.txt index' },
  { path: SITE_PATHS.llmsFull, rel: 'describedby https://llmstxt.org/', type: 'text/plain', title: 'Full API reference as text' },
  { path: SITE_PATHS.openapi, rel: 'service-desc', type: 'application/vnd.oai.openapi+json;version=3.1', title: 'OpenAPI 3.1 document' },
  { path: SITE_PATHS.docs, rel: 'service-doc', type: 'text/html', title: 'API reference' },
  { path: SITE_PATHS.apiCatalog, rel: 'api-catalog', type: 'application/linkset+json', title: 'API catalog' },
  {
    path: SITE_PATHS.serverCard,
    rel: 'service-meta https://modelcontextprotocol.io/extensions/server-card',
    type: 'application/json',
    title: 'MCP server card',
  },
  {
    path: SITE_PATHS.agentSkills,
    rel: 'service-meta https://agentskills.io/well-known-uri',
    type: 'application/json',
    title: 'Agent skills index',
  },
  { path: SITE_PATHS.agentCard, rel: 'service-meta https://a2a-protocol.org/latest/specification/', type: 'application/json', title: 'Agent card' },
  { path: SITE_PATHS.oauthServer, rel: 'service-meta https://www.rfc-editor.org/rfc/rfc8414', type: 'application/json', title: 'OAuth authorization server metadata' },
  {
    path: SITE_PATHS.protectedResource,
    rel: 'service-meta https://www.rfc-editor.org/rfc/rfc9728',
    type: 'application/json',
    title: 'OAuth protected resource metadata',
  },
  { path: SITE_PATHS.acp, rel: 'service-meta https://agenticcommerce.dev/', type: 'application/json', title: 'Commerce discovery (ACP)' },
  { path: SITE_PATHS.ucp, rel: 'service-meta https://ucp.dev/', type: 'application/json', title: 'Commerce profile (UCP)' },
];

/** The header's value for a site at `urls`. */
export function discoveryLinkHeader(urls: SiteUrls): string {
  return DISCOVERY_LINKS.map(({ path, rel, type, title }) => `<${urls.to(path)}>; rel="${rel}"; type="${type}"; title="${title}"`).join(', ');
}
