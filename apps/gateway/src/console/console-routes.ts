import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UsersSubjects } from '@appgen/contracts';
import { HTTP_BODY_LIMIT_BYTES, RpcClient } from '@appgen/service-kit';
import { secretHash } from '../access/credential-resolver.service';
import type { GatewayConfig } from '../config/gateway.config';
import { SiteContent } from '../discovery/site-content';
import { hookFor } from '../http/selective-hooks';
import { SITE_PATHS } from '../site/site-paths';
import { HTML_TYPE } from '../site/site-reply';
import { ConsoleAssets } from './console-assets';
import { CONSOLE_ASSET_PATH, consoleCsp, consoleShell, previewFrameSource } from './console-page';
import {
  CONSOLE_ONLY_API,
  CONSOLE_PATH,
  consoleCookie,
  consoleSealKey,
  csrfAllows,
  newConsoleSession,
  openConsoleSession,
  signInAllowed,
  type ConsoleSession,
} from './console-session';

/** The console's own API: `{CONSOLE_API}/<path>` is `/api/v1/<path>` acting with the session's token. */
export const CONSOLE_API = `${CONSOLE_PATH}/api/v1`;
const SESSION_PATH = `${CONSOLE_PATH}/session`;

/** Headers of the browser's request passed on to the API, and of the API's answer passed back. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'idempotency-key', 'user-agent', 'x-forwarded-for'];
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'connection', 'transfer-encoding', 'content-length', 'keep-alive']);

/**
 * The web console at `{SITE_URL}/account` (pages, its bundle, its session and its API). Its API is the public API
 * itself, reached by replaying the request inside the gateway (`inject`) with the session's bearer token, so every
 * route, permission, limit and answer is the API's own; the public API never accepts the cookie. Installed before
 * the request gate so each console call is counted once, against the account, as the API call it becomes.
 */
export function installConsole(app: NestFastifyApplication, config: GatewayConfig): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  const key = consoleSealKey(Buffer.from(config.SECRETS_KEY, 'base64'));
  const site = new URL(config.SITE_URL);
  const siteOrigin = site.origin;
  const secure = site.protocol === 'https:';
  const assets = new ConsoleAssets();
  const rpc = app.get(RpcClient);
  const content = app.get(SiteContent);
  const csp = consoleCsp(previewFrameSource(config));

  const pageHeaders = (reply: FastifyReply): FastifyReply =>
    reply.headers({
      'cache-control': 'no-store',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      // Like every page of the site (contract 4.11); built on first use, once the OpenAPI document exists.
      link: content.site.links,
    });
  const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
    reply.status(status).headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).type('application/json; charset=utf-8').send(JSON.stringify(body));
  const refused = (reply: FastifyReply): FastifyReply =>
    json(reply, 403, { error: 'forbidden', message: 'Console requests must come from the console itself (same origin, with its CSRF token).' });
  const signedOut = (reply: FastifyReply): FastifyReply => json(reply, 401, { error: 'unauthorized', message: 'Sign in to the console first.' });

  /** Replays a request to the public API inside this gateway, as the browser's client IP. */
  const callApi = (request: FastifyRequest, method: string, path: string, body: string | Buffer | undefined, token?: string) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (token) headers.authorization = `Bearer ${token}`;
    return fastify.inject({ method: method as 'GET', url: `${SITE_PATHS.api}${path}`, headers, payload: body, remoteAddress: request.ip });
  };

  // The console's API: answered here, before the request gate and the body parser, so the API call counts once.
  fastify.addHook('onRequest', hookFor((request) => request.url.startsWith(`${CONSOLE_API}/`), async (request, reply) => {
    const session = openConsoleSession(key, request.headers);
    if (!session) return signedOut(reply);
    if (!csrfAllows(session, request.headers, siteOrigin)) return refused(reply);
    const body = await readBody(request);
    if (body === 'too_large') return json(reply, 413, { error: 'payload_too_large', message: 'The request body is too large.' });
    const answer = await callApi(request, request.method, request.url.slice(CONSOLE_API.length), body, session.token);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!DROPPED_RESPONSE_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    }
    return reply.status(answer.statusCode).header('cache-control', 'no-store').send(answer.rawPayload);
  }));

  // The console's own routes (console-analytics.controller.ts): the session, checked as above, becomes the request's
  // bearer token, and the request goes on through the request gate (counted and limited) to its controller, which
  // checks the permission as the API does. Whatever credential the request itself carried is dropped.
  fastify.addHook('onRequest', hookFor((request) => request.url.startsWith(`${CONSOLE_ONLY_API}/`), async (request, reply) => {
    const session = openConsoleSession(key, request.headers);
    if (!session) return signedOut(reply);
    if (!csrfAllows(session, request.headers, siteOrigin)) return refused(reply);
    delete request.headers['x-api-key'];
    request.headers.authorization = `Bearer ${session.token}`;
    reply.header('cache-control', 'no-store');
  }));

  const shell = (_request: FastifyRequest, reply: FastifyReply) => pageHeaders(reply).status(200).type(HTML_TYPE).send(consoleShell(assets.manifest));
  fastify.get(CONSOLE_PATH, shell);
  fastify.get(`${CONSOLE_PATH}/*`, shell);

  fastify.get<{ Params: { file: string } }>(`${CONSOLE_ASSET_PATH}/:file`, (request, reply) => {
    const asset = assets.file(request.params.file);
    if (!asset) return json(reply, 404, { error: 'not_found', message: 'No such console file.' });
    return reply
      .status(200)
      .headers({ 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' })
      .type(asset.type)
      .send(asset.body);
  });

  // Who is signed in, and the CSRF token the console sends back on every call (readable by this origin's scripts only).
  fastify.get(SESSION_PATH, (request, reply) => {
    const session = openConsoleSession(key, request.headers);
    if (!session) return signedOut(reply);
    return json(reply, 200, sessionView(session));
  });

  // Asks for a code: the API's own answer (the same whether or not the address has an account).
  fastify.post(`${SESSION_PATH}/code`, async (request, reply) => {
    if (!signInAllowed(request.headers, siteOrigin)) return refused(reply);
    const email = (request.body as { email?: unknown } | null)?.email;
    const answer = await callApi(request, 'POST', '/auth/magic_code', JSON.stringify({ email }));
    return reply.status(answer.statusCode).headers({ 'cache-control': 'no-store' }).type('application/json; charset=utf-8').send(answer.rawPayload);
  });

  // Signs in with the code: the API's access token goes into the sealed cookie, never to the page.
  fastify.post(SESSION_PATH, async (request, reply) => {
    if (!signInAllowed(request.headers, siteOrigin)) return refused(reply);
    const { email, code } = (request.body ?? {}) as { email?: unknown; code?: unknown };
    const answer = await callApi(request, 'POST', '/auth/magic_code', JSON.stringify({ email, code: typeof code === 'string' ? code.trim() : code }));
    if (answer.statusCode !== 200) return reply.status(answer.statusCode).headers({ 'cache-control': 'no-store' }).type('application/json; charset=utf-8').send(answer.rawPayload);
    const signedIn = answer.json() as { access_token: string; expires_in: number; account: { id: number; email: string } };
    const session = newConsoleSession(signedIn.access_token, signedIn.expires_in, { id: signedIn.account.id, email: signedIn.account.email });
    reply.header('set-cookie', consoleCookie(key, secure, session));
    return json(reply, 200, sessionView(session));
  });

  // Signs out: the session's token is revoked, so a copy of the cookie stops working too, then the cookie is cleared
  // (the CSRF token is needed, so another site cannot sign a person out either). Were users-service away, the answer
  // is 503 and the session stays, for the person to try again, rather than a sign-out that only looks done.
  fastify.delete(SESSION_PATH, async (request, reply) => {
    const session = openConsoleSession(key, request.headers);
    if (session && !csrfAllows(session, request.headers, siteOrigin)) return refused(reply);
    if (session) {
      try {
        await rpc.request(UsersSubjects.revokeAccessToken, { secret_hash: secretHash(session.token) });
      } catch {
        return json(reply, 503, { error: 'service_unavailable', message: 'Signing out could not be completed right now; try again shortly.' });
      }
    }
    reply.header('set-cookie', consoleCookie(key, secure, undefined));
    return reply.status(204).header('cache-control', 'no-store').send();
  });
}

function sessionView(session: ConsoleSession) {
  return { account: session.account, csrf_token: session.csrf, expires_at: new Date(session.expires * 1000).toISOString() };
}

/** The raw body of a console API call (the API parses it), refused above the API's own limit. */
async function readBody(request: FastifyRequest): Promise<Buffer | undefined | 'too_large'> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > HTTP_BODY_LIMIT_BYTES) return 'too_large';
    chunks.push(chunk);
  }
  return chunks.length ? Buffer.concat(chunks) : undefined;
}
