import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, GRANTS, UsersSubjects, type OAuthProviderKeysResponse } from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import type { Account, ClientView, KoaContext, ResourceServerInfo, TokenView } from 'oidc-provider';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { SiteContent } from '../discovery/site-content';
import { NatsOAuthAdapter } from './oauth-adapter';
import { INTERACTION_PATH, OAuthInteractions } from './oauth-interactions';
import { clientIp, dropUntrustedForwarding, type TrustedProxies } from '../rate-limit/client-ip';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { SITE_PATHS, SiteUrls } from '../site/site-paths';
import { oversizedClientMetadata } from './client-metadata-limits';
import { agentAuth, protectedResourceAt, protectedResourceMetadata } from './oauth-metadata';
import { errorPage, PAGE_CSP } from './oauth-pages';

const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** The provider's routes: all under /oauth at the site root, so its well-known documents stay at the root too. */
const ROUTES = {
  authorization: SITE_PATHS.oauthAuthorize,
  token: SITE_PATHS.oauthToken,
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  introspection: '/oauth/introspect',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/session/end',
  pushed_authorization_request: '/oauth/par',
  device_authorization: '/oauth/device/auth',
  code_verification: '/oauth/device',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
};

type ProviderErrors = (typeof import('oidc-provider'))['errors'];

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function ownTokenOnly(_ctx: KoaContext, client: ClientView, token: { clientId?: string }): boolean {
  return token.clientId === client.clientId;
}

/** True for the requests the OAuth server answers rather than Nest. */
export function isOAuthPath(url: string): boolean {
  const path = pathOf(url);
  return path.startsWith('/oauth/') || path === SITE_PATHS.oauthServer || protectedResourceAt(path) !== undefined || path === '/.well-known/openid-configuration';
}

/** An error in OAuth's format (RFC 6749 section 5.2), with whatever headers the reply already carries. */
async function sendOAuthError(reply: FastifyReply, status: number, error: string, description: string): Promise<void> {
  await reply.code(status).type('application/json').send({ error, error_description: description });
}

/**
 * appgen's OAuth 2.0 authorization server: oidc-provider (a Koa app) answering /oauth/* and its metadata before
 * Fastify routes or parses anything. It keeps nothing itself: records live in users-service (NatsOAuthAdapter),
 * and so do its signing and cookie keys, fetched when the gateway starts (and again at the first OAuth request
 * if users-service was not there yet), so every replica signs and verifies alike.
 */
@Injectable()
export class OAuthServer implements OnApplicationBootstrap {
  private readonly log = new Logger('OAuthServer');
  private provider?: Promise<(req: FastifyRequest['raw'], res: FastifyReply['raw']) => void>;
  private readonly siteUrl: string;

  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimitService,
    private readonly content: SiteContent,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.siteUrl = config.SITE_URL.replace(/\/+$/, '');
    this.proxies = config.TRUSTED_PROXIES;
  }

  private readonly proxies: TrustedProxies;

  onApplicationBootstrap(): void {
    this.handler().catch((error: unknown) => this.log.warn(`OAuth server not ready yet (retried at the first OAuth request): ${String(error)}`));
  }

  /** Answers an OAuth request in Fastify's onRequest hook (after the request gate's rate limit). */
  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Its metadata files and its sign-in pages are the site's too (contract 4.11): they carry the discovery Link header.
    reply.header('link', this.content.site.links);
    const path = pathOf(request.url);
    const resource = protectedResourceAt(path);
    if (resource) {
      await reply.type('application/json').send(protectedResourceMetadata(this.siteUrl, resource));
      return;
    }
    if (path === ROUTES.registration && request.method === 'POST') {
      const decision = await this.limits.forRegistration(clientIp(request.ip, request.headers, this.proxies));
      if (!decision.allowed) {
        reply.headers(rateLimitHeaders(decision));
        const description = `At most ${decision.limit} client registrations per hour from one address; retry in ${decision.retryAfter} s`;
        return sendOAuthError(reply, 429, 'rate_limited', description);
      }
    }
    let handle: (req: FastifyRequest['raw'], res: FastifyReply['raw']) => void;
    try {
      handle = await this.handler();
    } catch (error) {
      const message = error instanceof AppgenError ? error.payload.body.message : 'The OAuth server is starting; retry shortly';
      return sendOAuthError(reply.header('Retry-After', '5'), 503, 'temporarily_unavailable', message);
    }
    // Koa's proxy mode believes X-Forwarded-Host and -Proto from any peer: only a trusted proxy's reach it.
    dropUntrustedForwarding(request.ip, request.raw.headers, this.proxies);
    // The gate's rate-limit headers were set on Fastify's reply, which is bypassed from here on.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    handle(request.raw, reply.raw);
  }

  /**
   * The request gate's refusal of an OAuth request (429, or 503 when users-service could not check a credential),
   * in OAuth's format rather than the API's: its Retry-After and X-RateLimit-* headers are already on the reply.
   */
  refuse(reply: FastifyReply, error: AppgenError): Promise<void> {
    const { status, body } = error.payload;
    return sendOAuthError(reply, status, status >= 503 ? 'temporarily_unavailable' : body.error, body.message);
  }

  private handler(): Promise<(req: FastifyRequest['raw'], res: FastifyReply['raw']) => void> {
    this.provider ??= this.build().catch((error: unknown) => {
      this.provider = undefined;
      throw error;
    });
    return this.provider;
  }

  private async build(): Promise<(req: FastifyRequest['raw'], res: FastifyReply['raw']) => void> {
    const keys = await this.rpc.request(UsersSubjects.oauthProviderKeys, {});
    // ESM-only: loaded through require(esm) when first needed.
    const { Provider, errors } = await import('oidc-provider');
    const provider = new Provider(this.siteUrl, this.configuration(keys, errors));
    // Behind proxies the issuer's scheme and host come from their X-Forwarded-* headers; serve() removes them from
    // any request whose peer is not a trusted proxy, so only those proxies are believed.
    provider.proxy = this.proxies.ranges.length > 0;
    const [cookieKey] = keys.cookie_keys;
    const interactions = new OAuthInteractions(provider, this.rpc, cookieKey ?? '');
    provider.use(this.unavailableAsOAuthError());
    provider.use(this.withAgentAuth());
    provider.use(interactions.middleware);
    provider.on('server_error', (ctx, error) => {
      ctx.state['failure'] = error;
    });
    return provider.callback();
  }

  private configuration(keys: OAuthProviderKeysResponse, { InvalidTarget, InvalidClientMetadata }: ProviderErrors): Record<string, unknown> {
    const site = this.siteUrl;
    const rpc = this.rpc;
    const findAccount = async (_ctx: KoaContext, sub: string): Promise<Account | undefined> => {
      const id = Number(sub);
      if (!Number.isSafeInteger(id) || id < 1) return undefined;
      try {
        const { account } = await rpc.request(UsersSubjects.oauthFindAccount, { account_id: id });
        return { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: true }) };
      } catch (error) {
        if (error instanceof AppgenError && error.payload.status === 404) return undefined;
        throw error;
      }
    };
    return {
      adapter: (name: string) => new NatsOAuthAdapter(name, rpc),
      jwks: keys.jwks,
      cookies: {
        keys: keys.cookie_keys,
        long: { httpOnly: true, sameSite: 'lax' },
        short: { httpOnly: true, sameSite: 'lax' },
      },
      routes: ROUTES,
      // Public clients only (agents and native apps hold no secret); loopback redirects match on any port (RFC 8252).
      clientAuthMethods: ['none'],
      clientDefaults: {
        application_type: 'native',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      responseTypes: ['code'],
      pkce: { required: () => true },
      // Cross-origin calls to the token endpoint are fine: every client is public and proves itself with PKCE.
      clientBasedCORS: () => true,
      // Known to registration, so a client may register the API scopes it will ask for (RFC 7591 `scope`), as the
      // MCP SDK does; access tokens still carry them only through the resource server below.
      scopes: [...GRANTS],
      // oidc-provider calls the validator once per listed property, with the whole metadata: one call sizes it all.
      extraClientMetadata: {
        properties: ['client_name'],
        validator: (_ctx: KoaContext, _key: string, _value: unknown, metadata: Record<string, unknown>) => {
          const problem = oversizedClientMetadata(metadata);
          if (problem !== undefined) throw new InvalidClientMetadata(problem);
        },
      },
      features: {
        devInteractions: { enabled: false },
        registration: { enabled: true, issueRegistrationAccessToken: false },
        // A client revokes and introspects its own tokens only (every client is public: no other party is trusted).
        revocation: { enabled: true, allowedPolicy: ownTokenOnly },
        introspection: { enabled: true, allowedPolicy: ownTokenOnly },
        userinfo: { enabled: false },
        pushedAuthorizationRequests: { enabled: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => site,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: KoaContext, indicator: string): ResourceServerInfo => {
            if (indicator !== site && !indicator.startsWith(`${site}/`)) {
              throw new InvalidTarget(`${indicator} is not a resource of this server; use ${site} or an address under it`);
            }
            return { scope: GRANTS.join(' '), audience: indicator, accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS, accessTokenFormat: 'opaque' };
          },
        },
      },
      // Refresh tokens without `offline_access`: an agent asks for API scopes only.
      issueRefreshToken: (_ctx: KoaContext, client: ClientView & { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
      rotateRefreshToken: true,
      expiresWithSession: () => false,
      ttl: {
        AccessToken: ACCESS_TOKEN_TTL_SECONDS,
        AuthorizationCode: 60,
        Interaction: 3600,
        Session: 14 * 24 * 3600,
        Grant: REFRESH_TOKEN_TTL_SECONDS,
        RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      },
      findAccount,
      // The e-mail signed in with an e-mailed code: introspection vouches for it.
      extraTokenClaims: async (ctx: KoaContext, token: TokenView) => {
        if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
        const account = await findAccount(ctx, token.accountId);
        const claims = account ? await account.claims() : undefined;
        return claims ? { email: claims['email'], email_verified: true } : undefined;
      },
      interactions: { url: (_ctx: KoaContext, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}` },
      renderError: (ctx: KoaContext, out: { error: string; error_description?: string }) => {
        ctx.type = 'html';
        ctx.set('Content-Security-Policy', PAGE_CSP);
        ctx.body = errorPage(out.error, out.error_description);
      },
      discovery: { service_documentation: new SiteUrls(site).to(SITE_PATHS.docs) },
    };
  }

  /** A backend that is down is the client's "try again later" (503 temporarily_unavailable), not a 500. */
  private unavailableAsOAuthError() {
    return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
      await next();
      const failure = ctx.state['failure'];
      if (failure === undefined) return;
      if (failure instanceof AppgenError && failure.payload.status >= 503) {
        const out = { error: 'temporarily_unavailable', error_description: failure.payload.body.message };
        ctx.status = 503;
        if (ctx.type.startsWith('text/html')) ctx.body = errorPage(out.error, out.error_description);
        else ctx.body = out;
        return;
      }
      this.log.error(`OAuth request ${ctx.method} ${ctx.path} failed: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`);
    };
  }

  /** RFC 8414 metadata as oidc-provider writes it from this configuration, with appgen's `agent_auth` block. */
  private withAgentAuth() {
    return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
      await next();
      if (ctx.oidc?.route !== 'discovery' || ctx.status !== 200 || typeof ctx.body !== 'object' || ctx.body === null) return;
      const metadata = ctx.body as Record<string, unknown>;
      // The API's scopes; `openid` is accepted but appgen is not an OpenID provider for anyone to rely on.
      metadata['scopes_supported'] = [...GRANTS];
      metadata['agent_auth'] = agentAuth(this.siteUrl, metadata);
    };
  }
}
