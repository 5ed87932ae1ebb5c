import { randomBytes } from 'node:crypto';
import type { SecureContext } from 'node:tls';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { APP_RUNTIME_PREFIX, APP_SESSION_COOKIE, extensionOf, isHtml, type AppUserView, type BundleEnvironment, type RuntimeApp } from '@appgen/contracts';
import { installHttpRequestLog, AppgenError } from '@appgen/service-kit';
import { AppUserAccessRecorder } from '../analytics/app-user-access-recorder';
import {
  hashIdentifier,
  newIdentifier,
  PageViewRecorder,
  SESSION_COOKIE,
  SESSION_IDLE_SECONDS,
  validIdentifier,
  VISITOR_COOKIE,
  VISITOR_MAX_AGE_SECONDS,
} from '../analytics/page-view-recorder';
import { resolveBundlePath } from '../bundles/bundle-path';
import { matchesIfNoneMatch } from '../bundles/etag';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';
import { RuntimeApiHandler, sessionHashOf } from '../runtime-api/runtime-api.handler';
import { renderSignInPage, signInPagePolicy } from '../runtime-api/sign-in-page';
import { appOriginOf } from '../runtime-api/write-guard';
import { AppLookupService } from './app-lookup.service';
import { CustomDomainLookup } from './custom-domain-lookup.service';
import { parseCookies, serializeCookie } from './cookies';
import { errorResponse, methodNotAllowedResponse, notFoundResponse, prefersJson, type PageResponse } from './edge-responses';
import { normalizeHost, parseHostAddress, type HostAddress } from './host-address';
import { framedByConsole, NOT_FRAMED, type FramePolicy } from './security-headers';

function send(reply: FastifyReply, page: PageResponse, framing: FramePolicy): FastifyReply {
  reply.code(page.status).header('content-type', page.contentType).headers(framing.headers);
  // Answers change as soon as an app is built or deployed, so nothing in between may keep them.
  reply.header('cache-control', 'no-store');
  if (page.contentType.startsWith('text/html')) reply.header('content-security-policy', framing.pagePolicy);
  return reply.send(page.body);
}

function sendJson(reply: FastifyReply, status: number, body: unknown, framing: FramePolicy): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .headers(framing.headers)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body));
}

/** A host name of at least two labels, as domains-service stores custom domains (lowercase punycode). */
const CUSTOM_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** Where an ACME CA fetches an http-01 challenge's key authorization (RFC 8555, 8.3). */
const ACME_CHALLENGE_PREFIX = '/.well-known/acme-challenge/';
/** What customDomainAddress answers when it has sent the reply itself (a redirect, an ACME challenge). */
const ANSWERED = Symbol('answered');

function isApiPath(path: string): boolean {
  return path === APP_RUNTIME_PREFIX || path.startsWith(`${APP_RUNTIME_PREFIX}/`);
}

/** A header the client should send once; a repeated one counts as its first value. */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function splitUrl(url: string): { path: string; query: URLSearchParams } {
  const mark = url.indexOf('?');
  return mark === -1 ? { path: url, query: new URLSearchParams() } : { path: url.slice(0, mark), query: new URLSearchParams(url.slice(mark + 1)) };
}

/**
 * The server on EDGE_PORT. It is a Fastify instance of its own, not Nest's: generated apps own
 * every path on their host (including /health), so Nest's routes (health) stay on HEALTH_PORT and
 * nothing here can shadow or be shadowed by them. It opens when the Nest app has bootstrapped and
 * closes first on shutdown, finishing the requests it is serving.
 */
@Injectable()
export class HostedAppsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('HostedAppsServer');
  private readonly server: FastifyInstance;
  /** HTTPS on EDGE_TLS_PORT for custom domains, each with its own certificate, chosen by SNI. */
  private readonly tlsServer: FastifyInstance;
  private readonly secureCookies: boolean;
  /** What a preview host answers: framed by the console (SITE_URL) and nobody else. */
  private readonly previewFraming: FramePolicy;

  constructor(
    @Inject(EDGE_CONFIG) private readonly config: EdgeConfig,
    private readonly lookup: AppLookupService,
    private readonly api: RuntimeApiHandler,
    private readonly pageViews: PageViewRecorder,
    private readonly accesses: AppUserAccessRecorder,
    private readonly domains: CustomDomainLookup,
  ) {
    this.secureCookies = config.PUBLIC_URL_SCHEME === 'https';
    this.previewFraming = framedByConsole(config.SITE_URL);
    this.server = this.createServer(Fastify({ logger: false, bodyLimit: 1_048_576, forceCloseConnections: 'idle', return503OnClosing: true }), false);
    this.tlsServer = this.createServer(
      Fastify({
        logger: false,
        bodyLimit: 1_048_576,
        forceCloseConnections: 'idle',
        return503OnClosing: true,
        https: { SNICallback: (servername, done) => this.contextFor(servername, done) },
      }),
      true,
    );
  }

  /** The certificate of a custom domain for a TLS handshake; none (handshake refused) for any other name. */
  private contextFor(servername: string, done: (error: Error | null, context?: SecureContext) => void): void {
    const host = normalizeHost(servername);
    this.domains.secureContext(host).then(
      (context) => (context ? done(null, context) : done(new Error(`no certificate for ${host}`))),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private createServer(server: FastifyInstance, secure: boolean): FastifyInstance {
    // Host and path, never the query string, which is the app's own business.
    // Metrics and spans by kind of request only: hosts and paths are the apps' own and unbounded.
    installHttpRequestLog(server, {
      routeOf: (request) => `${request.hostname}${request.url.split('?')[0]?.slice(0, 200) ?? ''}`,
      routeTemplateOf: (request) => (isApiPath(splitUrl(request.url).path) ? `${APP_RUNTIME_PREFIX}/*` : '/*'),
    });
    // Bodies are read as bytes whatever their content type: only /_api uses them, and it answers a
    // malformed one with its own error body rather than a parser's.
    server.removeAllContentTypeParsers();
    server.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    server.all('/*', (request, reply) => this.serve(request, reply, secure));
    server.setNotFoundHandler((request, reply) => this.serve(request, reply, secure));
    server.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const page = errorResponse(error.statusCode, isApiPath(splitUrl(request.url).path) ? 'application/json' : request.headers.accept);
      return send(reply, page, this.framingOf(secure ? undefined : this.hostAddress(request)));
    });
    return server;
  }

  /** For tests: the running Fastify instance (inject requests without a socket). */
  get instance(): FastifyInstance {
    return this.server;
  }

  /** For tests: the HTTPS server of custom domains. */
  get tlsInstance(): FastifyInstance {
    return this.tlsServer;
  }

  private hostAddress(request: FastifyRequest): HostAddress {
    return parseHostAddress(request.headers.host, { previewHost: this.config.PREVIEW_HOST, appsHost: this.config.APPS_HOST });
  }

  /** Only a preview host (over HTTP, as previews are served) may be framed, and by the console only. */
  private framingOf(address: HostAddress | undefined): FramePolicy {
    return address?.kind === 'preview' ? this.previewFraming : NOT_FRAMED;
  }

  private async serve(request: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<FastifyReply> {
    const parsed = this.hostAddress(request);
    const { path, query } = splitUrl(request.url);
    const api = isApiPath(path);
    const accept = api ? 'application/json' : request.headers.accept;
    // The HTTPS port serves custom domains only: their certificates are the only ones it has.
    if (secure && parsed.kind !== 'unknown') return send(reply, notFoundResponse({ kind: 'unknown', host: parsed.host }, accept), NOT_FRAMED);
    const framing = this.framingOf(parsed);
    try {
      await this.lookup.synced();
      const address = parsed.kind === 'unknown' ? await this.customDomainAddress(request, reply, parsed.host, path, secure) : parsed;
      if (address === null) return send(reply, notFoundResponse(parsed, accept), framing);
      if (address === ANSWERED) return reply;
      const app = await this.lookup.app(address.appId);
      if (!app) return send(reply, notFoundResponse(address, accept, 'no_app'), framing);
      const cookies = parseCookies(request.headers.cookie);
      const sessionToken = cookies.get(APP_SESSION_COOKIE) || null;
      if (api) {
        const result = await this.api.handle({
          app,
          method: request.method,
          path: path.slice(APP_RUNTIME_PREFIX.length) || '/',
          query,
          body: Buffer.isBuffer(request.body) ? request.body : undefined,
          sessionToken,
          origin: single(request.headers.origin),
          fetchSite: single(request.headers['sec-fetch-site']),
          contentType: single(request.headers['content-type']),
          appOrigin: appOriginOf(secure ? 'https' : this.config.PUBLIC_URL_SCHEME, request.headers.host),
          secure: secure || this.secureCookies,
        });
        if (result.setCookie) reply.header('set-cookie', result.setCookie);
        return sendJson(reply, result.status, result.body, framing);
      }
      return await this.serveBundle(request, reply, { address, app, path, cookies, sessionToken, secure, framing });
    } catch (error) {
      const status = error instanceof AppgenError ? error.payload.status : undefined;
      if (status === undefined) this.log.error(`serving ${parsed.host}${path} failed: ${error instanceof Error ? error.stack : String(error)}`);
      return send(reply, errorResponse(status, accept), framing);
    }
  }

  /**
   * A host that is no app address may be a custom domain. Over HTTP it answers the ACME CA's http-01 challenges
   * (before the domain has a certificate, so before it is operational) and sends everything else to HTTPS; over
   * HTTPS an operational domain serves its app's production build. Null: nothing is served at this host; ANSWERED:
   * the reply was sent here. (Not the reply itself: a Fastify reply is a thenable that resolves to undefined once sent,
   * so an async function answering it gives its caller undefined.)
   */
  private async customDomainAddress(
    request: FastifyRequest,
    reply: FastifyReply,
    host: string,
    path: string,
    secure: boolean,
  ): Promise<Exclude<HostAddress, { kind: 'unknown' }> | typeof ANSWERED | null> {
    // Only a name DNS could hold may be a custom domain: anything else is not asked about.
    if (!CUSTOM_DOMAIN.test(host)) return null;
    const domain = await this.domains.resolve(host);
    if (!domain) return null;
    if (!secure && path.startsWith(ACME_CHALLENGE_PREFIX)) {
      const token = path.slice(ACME_CHALLENGE_PREFIX.length);
      const answer = await this.domains.challenge(token);
      if (answer === null) return null;
      reply.code(200).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(answer);
      return ANSWERED;
    }
    if (!domain.operational) return null;
    if (!secure) {
      const port = this.config.EDGE_TLS_PORT === 443 ? '' : `:${this.config.EDGE_TLS_PORT}`;
      reply.code(308).headers(NOT_FRAMED.headers).header('cache-control', 'no-store').header('location', `https://${host}${port}${request.url}`).send();
      return ANSWERED;
    }
    return { kind: 'production', appId: domain.app_id, host };
  }

  private async serveBundle(
    request: FastifyRequest,
    reply: FastifyReply,
    context: {
      address: Exclude<HostAddress, { kind: 'unknown' }>;
      app: RuntimeApp;
      path: string;
      cookies: Map<string, string>;
      sessionToken: string | null;
      secure: boolean;
      framing: FramePolicy;
    },
  ): Promise<FastifyReply> {
    const { address, app, path, cookies, secure, framing } = context;
    const accept = request.headers.accept;
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(reply.header('allow', 'GET, HEAD'), methodNotAllowedResponse(accept), framing);
    const environment: BundleEnvironment = address.kind;
    const privateApp = app.visibility === 'login_required';
    let user: AppUserView | null = null;
    if (privateApp) {
      // Read on every request (the edge forgets it when the app or its users change): making an app private applies without a redeploy.
      user = context.sessionToken ? await this.lookup.session(app.id, sessionHashOf(context.sessionToken)) : null;
      if (!user) return this.signInPage(request, reply, { app, environment, path, cookies, secure, framing });
    }
    const bundle = await this.lookup.bundle(app.id, environment);
    if (!bundle) return send(reply, notFoundResponse(address, accept), framing);
    const resolved = resolveBundlePath(path, bundle.paths);
    if (resolved.kind === 'bad_request') return send(reply, errorResponse(400, accept), framing);
    if (resolved.kind === 'missing') return send(reply, notFoundResponse(address, accept, { file: path }), framing);
    const file = await this.lookup.file(bundle.buildId, resolved.path);
    if (!file) return send(reply, notFoundResponse(address, accept, { file: path }), framing);

    const html = isHtml(file.contentType);
    if (html && request.method === 'GET') {
      this.countPageView(reply, app, environment, path, cookies, secure);
      // A page a signed-in app user loads is one access of theirs (a public app's visitors may be signed in too).
      user ??= context.sessionToken ? await this.lookup.session(app.id, sessionHashOf(context.sessionToken)) : null;
      if (user) this.accesses.record(user.id);
    }
    reply
      .header('content-type', file.contentType)
      .headers(framing.headers)
      // On every file, not only HTML: an SVG or a page opened directly is held to the same policy.
      .header('content-security-policy', framing.appPolicy)
      .header('etag', file.etag)
      // Asset names are not content-hashed, so browsers revalidate (cheap: 304 by ETag) rather than keep a stale bundle.
      .header('cache-control', privateApp ? 'private, no-cache' : 'no-cache');
    if (privateApp) reply.header('vary', 'Cookie');
    if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply.code(200).send(file.content);
  }

  private signInPage(
    request: FastifyRequest,
    reply: FastifyReply,
    context: { app: RuntimeApp; environment: BundleEnvironment; path: string; cookies: Map<string, string>; secure: boolean; framing: FramePolicy },
  ): FastifyReply {
    const { app, environment, path, cookies, secure, framing } = context;
    // Only a page can show a form; an asset asked for without a session is simply refused.
    const page = extensionOf(path) === '' || extensionOf(path) === 'html';
    if (!page || prefersJson(request.headers.accept)) {
      return sendJson(reply, 401, { error: 'unauthorized', message: `Sign in to use ${app.name}.` }, framing);
    }
    if (request.method === 'GET') this.countPageView(reply, app, environment, path, cookies, secure);
    const nonce = randomBytes(16).toString('base64');
    return reply
      .code(401)
      .header('content-type', 'text/html; charset=utf-8')
      .headers(framing.headers)
      .header('cache-control', 'no-store')
      .header('content-security-policy', signInPagePolicy(nonce, framing.ancestors))
      .send(renderSignInPage(app.name, nonce));
  }

  private countPageView(
    reply: FastifyReply,
    app: RuntimeApp,
    environment: BundleEnvironment,
    path: string,
    cookies: Map<string, string>,
    secure: boolean,
  ): void {
    const visitor = validIdentifier(cookies.get(VISITOR_COOKIE)) ?? newIdentifier();
    const session = validIdentifier(cookies.get(SESSION_COOKIE)) ?? newIdentifier();
    const options = { secure: secure || this.secureCookies };
    // The session cookie is set again on every page, so it expires after 30 minutes without one.
    reply.header('set-cookie', [
      serializeCookie(VISITOR_COOKIE, visitor, { ...options, maxAgeSeconds: VISITOR_MAX_AGE_SECONDS }),
      serializeCookie(SESSION_COOKIE, session, { ...options, maxAgeSeconds: SESSION_IDLE_SECONDS }),
    ]);
    this.pageViews.record({
      app_id: app.id,
      visitor: hashIdentifier(visitor),
      session: hashIdentifier(session),
      path: path.length > 512 ? path.slice(0, 512) : path,
      environment,
      at: new Date().toISOString(),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.server.listen({ port: this.config.EDGE_PORT, host: '0.0.0.0' });
    await this.tlsServer.listen({ port: this.config.EDGE_TLS_PORT, host: '0.0.0.0' });
    this.log.log(
      `serving preview-<app_id>.${this.config.PREVIEW_HOST} and <app_id>.${this.config.APPS_HOST} on port ${this.config.EDGE_PORT}, ` +
        `custom domains on ${this.config.EDGE_PORT} (HTTP) and ${this.config.EDGE_TLS_PORT} (HTTPS)`,
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    const closing = Promise.all([this.server.close(), this.tlsServer.close()]);
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), this.config.SHUTDOWN_TIMEOUT_MS).unref());
    if ((await Promise.race([closing, timeout])) === 'timeout') {
      this.log.warn('requests still open after SHUTDOWN_TIMEOUT_MS; closing their connections');
      this.server.server.closeAllConnections();
      this.tlsServer.server.closeAllConnections();
      await closing;
    }
    // The last requests' page views and accesses go out before NATS drains (onApplicationShutdown).
    this.pageViews.flush();
    this.accesses.flush();
  }
}
