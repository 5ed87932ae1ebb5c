import { ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_TTL_SECONDS, API_KEY_MAX_EXPIRES_IN_DAYS, API_KEY_PREFIX } from '@appgen/contracts';
import { oauthScopeNames, permissionsTable, scopesTable } from '../site/reference-text';
import type { SiteFacts } from '../site/site-facts';
import { SITE_PATHS } from '../site/site-paths';

/** /auth.md: every way to authenticate, for people and agents; the tables come from the permissions of the contracts. */
export function renderAuth(facts: SiteFacts): string {
  const { urls } = facts;
  const api = urls.to(SITE_PATHS.api);
  return `# Authenticating with appgen

Every route under \`${api}\` needs a credential unless its reference says it is public (sign-up, sign-in, and the discovery files at the site root). Send one of:

| credential | header | for |
|---|---|---|
| API key | \`X-API-Key: ${API_KEY_PREFIX}...\` (also accepted as \`Authorization: Bearer ${API_KEY_PREFIX}...\`) | scripts, servers, agents you run; recommended |
| OAuth 2.0 access token | \`Authorization: Bearer <token>\` | agents and apps acting for a person who signs in and consents |
| sign-in token | \`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}...\` | from \`POST ${api}/auth/magic_code\`; to create the first API key |

No credential, or one that is unknown, revoked or expired: 401 \`unauthorized\` with \`WWW-Authenticate: Bearer realm="appgen"\`. A credential without the permission a route needs: 403 \`forbidden\` naming it. Rate limits count per account for authenticated requests and per client IP otherwise.

## API keys

1. Sign up: \`POST ${api}/accounts {"email", "name"}\` mails a 6-digit code.
2. Sign in: \`POST ${api}/auth/magic_code {"email", "code"}\` answers \`{access_token, token_type: "Bearer", expires_in}\` (${ACCESS_TOKEN_TTL_SECONDS / 60} minutes).
3. Create a key: \`POST ${api}/api_keys {"name", "scope", "expires_in_days"}\` with that token. The answer's \`raw_key\` is shown only once; appgen stores only its SHA-256. \`expires_in_days\` (1 to ${API_KEY_MAX_EXPIRES_IN_DAYS}) omitted: the key does not expire.
4. List keys with \`GET ${api}/api_keys\` (masked), revoke one with \`DELETE ${api}/api_keys/<id>\`: it stops working at once on every server.

A key can never create a key of a wider scope than its own (403).

### Scopes

${scopesTable()}

### Permissions

Each route needs one permission (the OpenAPI document names it as \`x-permission\` on the operation; [llms-full.txt](${urls.to(SITE_PATHS.llmsFull)}) lists it per route). A grant ending in \`:*\` holds every permission of its family.

${permissionsTable()}

## OAuth 2.0 for agents

appgen is an OAuth 2.0 authorization server (RFC 6749) for its own API. Only the authorization code grant with PKCE (S256) is offered; refresh tokens rotate on every use.

- Authorization server metadata (RFC 8414): [${urls.to(SITE_PATHS.oauthServer)}](${urls.to(SITE_PATHS.oauthServer)}): read \`authorization_endpoint\`, \`token_endpoint\`, \`registration_endpoint\` and \`revocation_endpoint\` from it rather than hard-coding them.
- Protected resource metadata (RFC 9728): [${urls.to(SITE_PATHS.protectedResource)}](${urls.to(SITE_PATHS.protectedResource)}) names the authorization server and the scopes of this API.
- Scopes are the grants of the table above: ${oauthScopeNames()}. Ask only for what the task needs.

The flow:

1. **Register** once (RFC 7591 dynamic client registration): \`POST\` to the \`registration_endpoint\` with \`{"client_name", "redirect_uris": ["https://agent.example/callback"], "grant_types": ["authorization_code", "refresh_token"], "token_endpoint_auth_method": "none"}\`; keep the \`client_id\`.
2. **Authorize**: make a random \`code_verifier\` (43 to 128 characters), \`code_challenge = BASE64URL(SHA256(code_verifier))\`, and send the person to \`authorization_endpoint?response_type=code&client_id=...&redirect_uri=...&scope=apps:read%20generation:queue&state=...&code_challenge=...&code_challenge_method=S256\`. They sign in with an e-mailed code and approve the scopes.
3. **Exchange** the \`code\` from the redirect (check \`state\`): \`POST\` to the \`token_endpoint\` with \`grant_type=authorization_code\`, \`code\`, \`redirect_uri\`, \`client_id\`, \`code_verifier\`. The answer has \`access_token\` (${ACCESS_TOKEN_TTL_SECONDS / 60} minutes), \`refresh_token\` and \`scope\`.
4. **Call** the API with \`Authorization: Bearer <access_token>\`; when it expires, \`grant_type=refresh_token\` gives a new pair (the old refresh token stops working).
5. **Revoke** tokens you no longer need at the \`revocation_endpoint\` (RFC 7009).

A 401 from the API carries \`WWW-Authenticate\`; an OAuth client that starts from an API URL alone finds the authorization server through the protected resource metadata.

## MCP

The MCP server at \`${urls.to(SITE_PATHS.mcp)}\` (Streamable HTTP) takes the same credentials as the REST API: an \`X-API-Key\` header, or an OAuth access token as \`Authorization: Bearer\`. MCP clients that support the MCP authorization specification follow its 401 answer to the endpoint's own protected resource metadata ([${urls.to(SITE_PATHS.mcpProtectedResource)}](${urls.to(SITE_PATHS.mcpProtectedResource)}), RFC 9728), find the authorization server there and run the OAuth flow themselves. Each tool checks its own permission (the [server card](${urls.to(SITE_PATHS.serverCard)}) lists the tools).

## Keeping credentials safe

Keep keys in a secret store or environment variable (\`APPGEN_API_KEY\`), never in source or in a generated app. Use the narrowest scope and an expiry for keys handed to automation. If a key leaks, revoke it at once; appgen shows only its prefix and last characters after creation. Report security problems as [security.txt](${urls.to(SITE_PATHS.securityTxt)}) says.
`;
}
