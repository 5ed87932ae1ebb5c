import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATH } from '@appgen/sdk';
import type { StoredOAuth } from './config-file';
import { CliError, EXIT } from './exit-codes';

/** What the browser sign-in needs from the run: a fetch, where to say things, how to open a page. */
export interface BrowserLoginIo {
  fetch: typeof globalThis.fetch;
  say(line: string): void;
  /** opens `url` in the user's browser; absent (or --no-browser): the user opens the printed address */
  openUrl?: (url: string) => void;
  timeoutMs: number;
  signal?: AbortSignal;
}

const CALLBACK_PATH = '/callback';
/** Registered without a port: appgen's authorization server matches loopback redirects on any port (RFC 8252). */
const REGISTERED_REDIRECT = `http://127.0.0.1${CALLBACK_PATH}`;

interface ServerMetadata {
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  scopes_supported: string[];
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}

/** The site root of an API address (`https://x.example/api/v1` → `https://x.example`). */
export function siteOf(apiUrl: string): string {
  return apiUrl.endsWith(API_PATH) ? apiUrl.slice(0, -API_PATH.length) : apiUrl;
}

/**
 * OAuth 2.0 sign-in in the browser for a command-line program (RFC 8252): a public client registered on the fly
 * (RFC 7591), PKCE S256, a one-time loopback server on 127.0.0.1 receiving the redirect, every scope the server
 * offers, and the code exchanged for an access and a refresh token. `clientId` reuses an earlier registration.
 */
export async function signInWithBrowser(apiUrl: string, io: BrowserLoginIo, clientId?: string): Promise<StoredOAuth> {
  const site = siteOf(apiUrl);
  const metadata = await json<ServerMetadata>(io.fetch(`${site}/.well-known/oauth-authorization-server`), 'the sign-in metadata');
  const client =
    clientId ??
    (
      await json<{ client_id: string }>(
        io.fetch(metadata.registration_endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ client_name: 'appgen CLI', redirect_uris: [REGISTERED_REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
        }),
        'the client registration',
      )
    ).client_id;

  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const loopback = await startLoopback();
  try {
    const redirectUri = `http://127.0.0.1:${loopback.port}${CALLBACK_PATH}`;
    const authorize = new URL(metadata.authorization_endpoint);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: client,
      redirect_uri: redirectUri,
      scope: metadata.scopes_supported.join(' '),
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    io.say(`Open this address to sign in (waiting for the browser to come back):\n  ${authorize.href}`);
    io.openUrl?.(authorize.href);
    const answer = await loopback.redirect(state, io.timeoutMs, io.signal);
    const tokens = await json<TokenAnswer>(
      io.fetch(metadata.token_endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: answer, redirect_uri: redirectUri, client_id: client, code_verifier: verifier }),
      }),
      'the token exchange',
    );
    return storedTokens(tokens, client, metadata.token_endpoint);
  } finally {
    await loopback.close();
  }
}

/** A new access token from the refresh token (which rotates: the answer carries the next one). */
export async function refreshTokens(oauth: StoredOAuth, fetchImpl: typeof globalThis.fetch): Promise<StoredOAuth> {
  const answer = await fetchImpl(oauth.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: oauth.refresh_token, client_id: oauth.client_id }),
  });
  if (!answer.ok) throw new CliError(EXIT.auth, { error: 'unauthorized', message: 'The browser sign-in has expired: run `appgen login --web` again' });
  return storedTokens((await answer.json()) as TokenAnswer, oauth.client_id, oauth.token_endpoint, oauth.refresh_token);
}

function storedTokens(tokens: TokenAnswer, clientId: string, tokenEndpoint: string, previousRefresh = ''): StoredOAuth {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? previousRefresh,
    expires_at: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
    client_id: clientId,
    token_endpoint: tokenEndpoint,
  };
}

async function json<T>(answer: Promise<Response>, what: string): Promise<T> {
  const response = await answer;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const { error, error_description, message } = (body ?? {}) as Record<string, unknown>;
    throw new CliError(EXIT.apiError, { error: typeof error === 'string' ? error : `http_${response.status}`, message: `${what} failed: ${String(error_description ?? message ?? response.statusText)}` });
  }
  return body as T;
}

interface Loopback {
  port: number;
  /** the code of the first redirect to /callback that carries `state`; a refusal (`error`) ends the sign-in */
  redirect(state: string, timeoutMs: number, signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

const PAGE = (text: string): string =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>appgen</title><body style="font-family:sans-serif;margin:3rem"><h1>${text}</h1><p>You can close this tab and go back to the terminal.</p></body></html>`;

async function startLoopback(): Promise<Loopback> {
  let settle: ((outcome: { code?: string; error?: CliError }) => void) | undefined;
  let expected = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== CALLBACK_PATH || url.searchParams.get('state') !== expected) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE(code ? 'Signed in to appgen' : 'Sign-in cancelled'));
    if (code) settle?.({ code });
    else settle?.({ error: new CliError(EXIT.auth, { error: error ?? 'access_denied', message: url.searchParams.get('error_description') ?? 'The sign-in was refused in the browser' }) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    redirect: (state, timeoutMs, signal) => {
      expected = state;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new CliError(EXIT.timeout, { error: 'timeout', message: `No answer from the browser after ${Math.round(timeoutMs / 1000)} s` })), timeoutMs);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        settle = (outcome) => {
          clearTimeout(timer);
          if (outcome.code) resolve(outcome.code);
          else reject(outcome.error);
        };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
