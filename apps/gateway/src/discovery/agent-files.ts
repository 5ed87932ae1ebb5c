import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, GRANT_DESCRIPTIONS } from '@appgen/contracts';
import { mcpServer } from '../help/articles/integrations';
import { mcpSdk } from '../mcp/mcp-sdk';
import { discoveryFile } from '../site/discovery-files';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS, type SitePath } from '../site/site-paths';
import { PRODUCT_SUMMARY } from './llms-files';
import { SKILL_DESCRIPTION, SKILL_NAME } from './skill-file';

/** The namespace of appgen's own keys in documents that ask for reverse-DNS names (`_meta`). */
const META_NAMESPACE = 'dev.appgen';

const SHORT_DESCRIPTION = 'Generate, deploy and edit full-stack web apps from plain-language prompts.';

const API_KEY_DESCRIPTION = `an appgen API key (${API_KEY_PREFIX}...)`;
const API_KEY_SCHEME = { type: 'apiKey', in: 'header', name: 'X-API-Key', description: API_KEY_DESCRIPTION } as const;
const OAUTH_DESCRIPTION = 'authorization code with PKCE (S256)';

/**
 * How an MCP client authenticates: the REST API's credentials, or OAuth found through the RFC 9728 metadata of the
 * MCP endpoint itself. The scopes are those of the authorization server's metadata, each with its description.
 */
function mcpAuthentication(facts: SiteFacts): Record<string, unknown> {
  return {
    required: true,
    schemes: [
      API_KEY_SCHEME,
      {
        type: 'oauth2',
        description: OAUTH_DESCRIPTION,
        protectedResourceMetadata: facts.urls.to(SITE_PATHS.mcpProtectedResource),
        authorizationServerMetadata: facts.urls.to(SITE_PATHS.oauthServer),
        scopes: GRANT_DESCRIPTIONS,
      },
    ],
  };
}

/**
 * The MCP server card, in the shape of SEP-2127 (MCP Server Cards, schema
 * https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json): identity, and `remotes` naming the
 * Streamable HTTP endpoint with the headers it accepts. That schema admits no other top-level fields and leaves
 * tools to the live `tools/list`, so the tools (name, description, input schema, exactly as GET /mcp/tools
 * serves them) and the authentication are published under `_meta` with appgen's reverse-DNS namespace, where
 * the schema allows vendor data. Served at /.well-known/mcp/server-card.json and, unchanged, at the legacy
 * /.well-known/mcp.json.
 */
export function serverCard(facts: SiteFacts): Record<string, unknown> {
  const { urls } = facts;
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: `${urls.host.split('.').reverse().join('.')}/appgen`,
    version: facts.api.info.version,
    title: 'appgen',
    description: SHORT_DESCRIPTION,
    websiteUrl: urls.to(SITE_PATHS.landing),
    remotes: [
      {
        type: 'streamable-http',
        url: urls.to(SITE_PATHS.mcp),
        headers: [
          { name: API_KEY_SCHEME.name, description: API_KEY_DESCRIPTION, isRequired: false, isSecret: true },
          { name: 'Authorization', description: 'Bearer <OAuth access token>, or Bearer <API key>', isRequired: false, isSecret: true },
        ],
        supportedProtocolVersions: [...mcpSdk().types.SUPPORTED_PROTOCOL_VERSIONS],
      },
    ],
    _meta: {
      [`${META_NAMESPACE}/authentication`]: mcpAuthentication(facts),
      [`${META_NAMESPACE}/tools`]: facts.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.input_schema })),
      [`${META_NAMESPACE}/documentation`]: urls.to(articlePath(mcpServer.slug, 'html')),
    },
  };
}

/**
 * The Agent Skills discovery index (Agent Skills Discovery via Well-Known URIs, v0.2.0: `$schema`, then each skill's
 * name, type `skill-md`, description, url and the SHA-256 digest of the file as served). At
 * /.well-known/agent-skills/index.json and the legacy /.well-known/agent-skills.json.
 */
export function agentSkillsIndex(facts: SiteFacts, skillFile: string): Record<string, unknown> {
  return {
    $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
    skills: [
      {
        name: SKILL_NAME,
        type: 'skill-md',
        description: SKILL_DESCRIPTION,
        url: facts.urls.to(SITE_PATHS.skill),
        digest: `sha256:${createHash('sha256').update(skillFile).digest('hex')}`,
      },
    ],
  };
}

/** RFC 9727's media type, with the profile parameter it registers. */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/**
 * /.well-known/api-catalog (RFC 9727): a linkset (RFC 9264) with one entry for the REST API, anchored at its base
 * URL, linking its description (`service-desc`), documentation (`service-doc`), metadata (`service-meta`) and
 * health (`status`, RFC 8631), and one for the MCP server.
 */
export function apiCatalog(facts: SiteFacts): Record<string, unknown> {
  const href = (path: string, type: string, title?: string): Record<string, string> => ({ href: facts.urls.to(path), type, ...(title ? { title } : {}) });
  const listed = (path: SitePath): Record<string, string> => {
    const file = discoveryFile(path);
    return href(file.path, file.type, file.name);
  };
  return {
    linkset: [
      {
        anchor: facts.urls.to(SITE_PATHS.api),
        'service-desc': [listed(SITE_PATHS.openapi)],
        'service-doc': [listed(SITE_PATHS.docs), listed(SITE_PATHS.llmsFull), listed(SITE_PATHS.skill), href(SITE_PATHS.help, 'text/html', 'Help centre')],
        'service-meta': [listed(SITE_PATHS.auth), listed(SITE_PATHS.oauthServer), listed(SITE_PATHS.protectedResource), listed(SITE_PATHS.agentCard)],
        status: [href(SITE_PATHS.health, 'application/json')],
      },
      {
        anchor: facts.urls.to(SITE_PATHS.mcp),
        'service-desc': [listed(SITE_PATHS.serverCard)],
        'service-doc': [href(articlePath(mcpServer.slug, 'html'), 'text/html', mcpServer.title)],
      },
    ],
  };
}

/**
 * /.well-known/agent-card.json, A2A-style (the A2A agent card: name, description, url, version, provider,
 * capabilities, default modes, skills, securitySchemes and security). appgen is not an A2A server, so the card
 * announces no A2A interface or protocol version: `url` is the REST API, and each skill is one of its tools.
 */
export function agentCard(facts: SiteFacts): Record<string, unknown> {
  const { urls } = facts;
  return {
    name: 'appgen',
    description: PRODUCT_SUMMARY,
    url: urls.to(SITE_PATHS.api),
    version: facts.api.info.version,
    provider: { organization: 'appgen', url: urls.to(SITE_PATHS.landing) },
    documentationUrl: urls.to(SITE_PATHS.skill),
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: facts.tools.map((tool) => ({
      id: tool.name,
      name: tool.name,
      description: tool.description,
      tags: ['appgen', 'mcp-tool'],
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    })),
    securitySchemes: {
      api_key: API_KEY_SCHEME,
      oauth2: {
        type: 'oauth2',
        description: OAUTH_DESCRIPTION,
        oauth2MetadataUrl: urls.to(SITE_PATHS.oauthServer),
        flows: {
          authorizationCode: {
            authorizationUrl: urls.to(SITE_PATHS.oauthAuthorize),
            tokenUrl: urls.to(SITE_PATHS.oauthToken),
            scopes: GRANT_DESCRIPTIONS,
          },
        },
      },
    },
    security: [{ api_key: [] }, { oauth2: [] }],
  };
}
