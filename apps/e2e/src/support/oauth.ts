import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { api } from './api';
import { e2eEnv } from './e2e-env';
import { latestMailTo } from './mail';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from './webhook-receiver';

export interface OAuthClient {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Registers a public client (RFC 7591) the way an agent does, without any credential. */
export async function registerOAuthClient(redirectUris: string[], name = 'E2E Agent'): Promise<OAuthClient> {
  const response = await api().post('/oauth/register').send({ client_name: name, redirect_uris: redirectUris, token_endpoint_auth_method: 'none' });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${response.text}`);
  return response.body as OAuthClient;
}

/** A loopback server standing in for an agent's redirect URI (RFC 8252): it records the redirects it receives. */
export function startLoopbackRedirect(): Promise<WebhookReceiver> {
  return startWebhookReceiver();
}

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scope: string;
  challenge?: string;
  method?: string;
  state?: string;
}

/** The /oauth/authorize query of an authorization-code request. */
export function authorizeQuery(request: AuthorizationRequest): URLSearchParams {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.client.client_id,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state ?? randomBytes(8).toString('hex'),
  });
  if (request.challenge !== undefined) query.set('code_challenge', request.challenge);
  if (request.method !== undefined) query.set('code_challenge_method', request.method);
  return query;
}

/**
 * Signs in on the authorization page by e-mailed code and answers the consent screen, in a real browser.
 * `startOn` is the gateway replica the browser starts on (the issuer is replica 0, so the flow crosses replicas).
 */
export async function authorizeInBrowser(
  page: Page,
  options: { email: string; query: URLSearchParams; decision: 'Allow' | 'Deny'; startOn?: number },
): Promise<void> {
  const gateway = e2eEnv().gateways[options.startOn ?? 1] ?? e2eEnv().site;
  await page.goto(`${gateway}/oauth/authorize?${options.query.toString()}`);
  const asked = new Date();
  await page.getByLabel('E-mail address').fill(options.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const mail = await latestMailTo(options.email, { since: asked });
  const code = /\b\d{6}\b/.exec(mail.subject)?.[0];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: options.decision, exact: true }).click();
}

/** The query of the first redirect the loopback server received (with `code` or `error`, `state`, `iss`). */
export async function redirectReceived(receiver: WebhookReceiver, after = 0): Promise<URLSearchParams> {
  const request = await waitFor(() => receiver.received[after], 10_000, 'no redirect reached the loopback server');
  return new URL(request.path, 'http://127.0.0.1').searchParams;
}

/** Exchanges an authorization code at the token endpoint (PKCE, public client). */
export async function exchangeCode(client: OAuthClient, code: string, redirectUri: string, verifier: string): Promise<OAuthTokens> {
  const response = await api()
    .post('/oauth/token')
    .type('form')
    .send({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.client_id, code_verifier: verifier });
  if (response.status !== 200) throw new Error(`the token endpoint answered ${response.status}: ${response.text}`);
  return response.body as OAuthTokens;
}

/**
 * An OAuth access and refresh token for `email`'s account with `scope`, obtained as an agent does: dynamic
 * registration with a loopback redirect (registered without a port, used on a random one), PKCE S256, sign-in by
 * e-mailed code and consent in headless Chromium, then the code exchanged at the token endpoint.
 */
export async function oauthTokenThroughBrowser(
  browser: Browser,
  options: { email: string; scope: string; clientName?: string },
): Promise<{ client: OAuthClient; tokens: OAuthTokens }> {
  const receiver = await startLoopbackRedirect();
  const context = await browser.newContext();
  try {
    const client = await registerOAuthClient(['http://127.0.0.1/callback'], options.clientName);
    const redirectUri = receiver.urlFor('/callback');
    const { verifier, challenge } = pkcePair();
    const query = authorizeQuery({ client, redirectUri, scope: options.scope, challenge, method: 'S256' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await authorizeInBrowser(page, { email: options.email, query, decision: 'Allow' });
    const answer = await redirectReceived(receiver);
    const code = answer.get('code');
    if (!code || answer.get('state') !== query.get('state')) throw new Error(`the redirect carried no code for this request: ${answer.toString()}`);
    return { client, tokens: await exchangeCode(client, code, redirectUri, verifier) };
  } finally {
    await context.close();
    await receiver.close();
  }
}
