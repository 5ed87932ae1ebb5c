import type { IncomingHttpHeaders } from 'node:http';
import { ACCESS_TOKEN_PREFIX, API_KEY_PREFIX } from '@appgen/contracts';

export type CredentialKind = 'api_key' | 'access_token' | 'oauth_token';

/** An OAuth access token as the authorization server issues them: 256 random bits, base64url, no prefix. */
const OAUTH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type PresentedCredential =
  | { kind: CredentialKind; secret: string }
  | { kind: 'none' }
  | { kind: 'malformed'; reason: string };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads the credential of a request: `X-API-Key: svc_...`, or `Authorization: Bearer <x>` where
 * `svc_...` is an API key, `at_...` a sign-in access token and 43 base64url characters an OAuth access token.
 * Anything else presented is malformed
 * (401 without a round trip to users-service).
 */
export function presentedCredential(headers: IncomingHttpHeaders): PresentedCredential {
  const apiKey = single(headers['x-api-key'])?.trim();
  if (apiKey) {
    return apiKey.startsWith(API_KEY_PREFIX)
      ? { kind: 'api_key', secret: apiKey }
      : { kind: 'malformed', reason: `X-API-Key must be an appgen API key (${API_KEY_PREFIX}...)` };
  }
  const authorization = single(headers.authorization)?.trim();
  if (!authorization) return { kind: 'none' };
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match) return { kind: 'malformed', reason: 'Authorization must be "Bearer <API key or access token>"' };
  const secret = match[1];
  if (secret.startsWith(API_KEY_PREFIX)) return { kind: 'api_key', secret };
  if (secret.startsWith(ACCESS_TOKEN_PREFIX)) return { kind: 'access_token', secret };
  if (OAUTH_TOKEN.test(secret)) return { kind: 'oauth_token', secret };
  return { kind: 'malformed', reason: 'The bearer credential is not an appgen API key or access token' };
}
