import { ACCESS_TOKEN_TTL_SECONDS, API_KEY_MAX_EXPIRES_IN_DAYS, API_KEY_PREFIX } from '@appgen/contracts';
import { permissionsTable, scopesTable } from '../../site/reference-text';
import { articlePath, SITE_PATHS } from '../../site/site-paths';
import type { HelpArticle } from '../help-article';
import { accountsAndSignIn } from './getting-started';

export const apiKeysAndScopes: HelpArticle = {
  slug: 'api-keys-and-scopes',
  title: 'API keys and scopes',
  description: 'Creating, listing and revoking API keys, what each scope allows, and which permission each route needs.',
  category: 'authentication',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `An API key is the simplest credential: send it as \`X-API-Key: ${API_KEY_PREFIX}...\` on every request.

## Create, list, revoke

- \`POST ${api}/api_keys {"name", "scope", "expires_in_days"?}\` → 201 \`{raw_key, api_key, warning}\`. The raw key is shown in this answer only; appgen keeps only its SHA-256. Without \`expires_in_days\` (1 to ${API_KEY_MAX_EXPIRES_IN_DAYS}) it never expires.
- \`GET ${api}/api_keys\` lists keys with \`masked_key\` (prefix, ellipsis, last characters), \`last_used_at\` and \`request_count\`.
- \`DELETE ${api}/api_keys/<id>\` revokes: the key stops working at once, on every server.

The first key is made with the token of an e-mailed sign-in ([accounts and sign-in](${urls.to(articlePath(accountsAndSignIn.slug, 'html'))})). A key can create keys of its own scope or narrower, never wider (403).

## Scopes

${scopesTable()}

## Permissions

Every route needs one permission (\`x-permission\` in the [OpenAPI document](${urls.to(SITE_PATHS.openapi)})); a credential without it gets 403 \`forbidden\` naming it.

${permissionsTable()}`;
  },
};

export const oauthForAgents: HelpArticle = {
  slug: 'oauth-for-agents',
  title: 'OAuth for agents',
  description: 'Letting an agent act for a person: dynamic registration, authorization code with PKCE, tokens and scopes.',
  category: 'authentication',
  render: ({ urls }) => {
    return `When an agent or app acts for someone else, it should not hold their API key. OAuth 2.0 lets the person sign in to appgen and approve exactly the permissions the agent asks for; the agent gets a token it can refresh, and the person can revoke it.

appgen offers the authorization code grant with PKCE (S256) only, dynamic client registration (RFC 7591), and metadata for discovery:

- [${urls.to(SITE_PATHS.oauthServer)}](${urls.to(SITE_PATHS.oauthServer)}) (RFC 8414): the endpoints, grants and scopes of the authorization server.
- [${urls.to(SITE_PATHS.protectedResource)}](${urls.to(SITE_PATHS.protectedResource)}) (RFC 9728): which authorization server protects this API.

Access tokens last ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes; refresh tokens rotate each time they are used. **Scopes** are the grants below, the list the authorization server's metadata publishes; ask only for what the task needs.

${permissionsTable()}

The step-by-step flow (registration, the authorization request with its code challenge, the token exchange, refreshing and revoking) is in [auth.md](${urls.to(SITE_PATHS.auth)}), under "OAuth 2.0 for agents". MCP clients that support MCP authorization run this flow themselves when pointed at \`${urls.to(SITE_PATHS.mcp)}\`.`;
  },
};
