import { GRANT_DESCRIPTIONS, GRANTS, SCOPE_GRANTS, API_KEY_SCOPES } from '@appgen/contracts';
import { API_PREFIX } from '../http/configure-gateway';


/** The API's scopes with their sentences, as the consent page shows them. */
export function scopeList(): { scope: string; description: string }[] {
  return GRANTS.map((scope) => ({ scope, description: GRANT_DESCRIPTIONS[scope] }));
}

/**
 * What the authorization server's metadata adds for agents (`agent_auth`): how to get a credential without a
 * person copying one, from the endpoints and grants the metadata itself states, and the API-key alternative.
 */
export function agentAuth(siteUrl: string, metadata: Record<string, unknown>): Record<string, unknown> {
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
    resource: siteUrl,
    scopes: scopeList(),
    bearer_header: 'Authorization: Bearer <access_token>',
    api_key_alternative: {
      summary: 'An account holder (or a credential with the grants) creates a key once; send it on every request.',
      create: `POST ${siteUrl}/${API_PREFIX}/api_keys`,
      header: 'X-API-Key: <api_key>',
      scopes: API_KEY_SCOPES.map((scope) => ({ scope, grants: SCOPE_GRANTS[scope] })),
    },
  };
}

/** RFC 9728: the whole site (the REST API under /api/v1 and the tool server at /mcp) is one protected resource. */
export function protectedResourceMetadata(siteUrl: string, issuer: string): Record<string, unknown> {
  return {
    resource: siteUrl,
    authorization_servers: [issuer],
    scopes_supported: [...GRANTS],
    bearer_methods_supported: ['header'],
    resource_name: 'appgen API',
    resource_documentation: `${siteUrl}/docs`,
  };
}
