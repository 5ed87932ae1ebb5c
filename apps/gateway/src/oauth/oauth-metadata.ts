import { GRANT_DESCRIPTIONS, GRANTS, SCOPE_GRANTS, API_KEY_SCOPES } from '@appgen/contracts';
import { SITE_PATHS, SiteUrls } from '../site/site-paths';

/** Every API scope with its sentence, for `agent_auth.scopes`. */
export function scopeList(): { scope: string; description: string }[] {
  return GRANTS.map((scope) => ({ scope, description: GRANT_DESCRIPTIONS[scope] }));
}

/**
 * What the authorization server's metadata adds for agents (`agent_auth`): how to get a credential without a
 * person copying one, from the endpoints and grants the metadata itself states, and the API-key alternative.
 */
export function agentAuth(siteUrl: string, metadata: Record<string, unknown>): Record<string, unknown> {
  const urls = new SiteUrls(siteUrl);
  return {
    summary:
      'Register a public client at registration_endpoint (token_endpoint_auth_method "none"), then run the ' +
      'authorization_code grant with PKCE S256: a person signs in by e-mailed code and consents to the scopes asked for. ' +
      'Refresh tokens rotate on every use. Loopback redirect URIs (http://127.0.0.1, http://[::1], http://localhost) match on any port.',
    registration_endpoint: metadata['registration_endpoint'],
    authorization_endpoint: metadata['authorization_endpoint'],
    token_endpoint: metadata['token_endpoint'],
    grant_types: metadata['grant_types_supported'],
    code_challenge_methods: metadata['code_challenge_methods_supported'],
    token_endpoint_auth_methods: metadata['token_endpoint_auth_methods_supported'],
    resource: urls.root,
    scopes: scopeList(),
    bearer_header: 'Authorization: Bearer <access_token>',
    api_key_alternative: {
      summary: 'An account holder (or a credential with the grants) creates a key once; send it on every request.',
      create: `POST ${urls.api('/api_keys')}`,
      header: 'X-API-Key: <api_key>',
      scopes: API_KEY_SCOPES.map((scope) => ({ scope, grants: SCOPE_GRANTS[scope] })),
    },
  };
}

/**
 * The protected resources of RFC 9728 and where each one's metadata is: the REST API is the site itself, the MCP
 * endpoint its own resource (section 3.3: a client that found the metadata through `/mcp`'s challenge checks that
 * `resource` is the URL it called). Tokens for either are accepted by both.
 */
export const PROTECTED_RESOURCES = {
  api: { path: SITE_PATHS.landing, metadataPath: SITE_PATHS.protectedResource, name: 'appgen API' },
  mcp: { path: SITE_PATHS.mcp, metadataPath: SITE_PATHS.mcpProtectedResource, name: 'appgen MCP server' },
} as const;
export type ProtectedResource = keyof typeof PROTECTED_RESOURCES;

/** The resource whose metadata is served at `path`, if any. */
export function protectedResourceAt(path: string): ProtectedResource | undefined {
  return (Object.keys(PROTECTED_RESOURCES) as ProtectedResource[]).find((resource) => PROTECTED_RESOURCES[resource].metadataPath === path);
}

/** The absolute URL of a resource's metadata document, as a 401 challenge names it. */
export function resourceMetadataUrl(siteUrl: string, resource: ProtectedResource): string {
  return new SiteUrls(siteUrl).to(PROTECTED_RESOURCES[resource].metadataPath);
}

/** RFC 9728 metadata of one resource; the site (SITE_URL) is also the authorization server's issuer. */
export function protectedResourceMetadata(siteUrl: string, resource: ProtectedResource): Record<string, unknown> {
  const urls = new SiteUrls(siteUrl);
  const { path, name } = PROTECTED_RESOURCES[resource];
  return {
    resource: path === SITE_PATHS.landing ? urls.root : urls.to(path),
    authorization_servers: [urls.root],
    scopes_supported: [...GRANTS],
    bearer_methods_supported: ['header'],
    resource_name: name,
    resource_documentation: urls.to(SITE_PATHS.docs),
  };
}
