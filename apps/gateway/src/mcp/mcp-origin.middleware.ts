import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { SITE_PATHS } from '../site/site-paths';

/**
 * The Origin check the MCP Streamable HTTP transport requires against DNS rebinding: a request whose Origin names
 * another site is a page there driving its visitor's browser, and is refused with 403 before authentication or
 * anything else is decided. No Origin is a client that is not a browser; the site's own origin (SITE_URL) is its
 * own pages. Middleware rather than the SDK transport's `allowedOrigins`, which the SDK deprecates for this, runs
 * only after authentication, and answers in JSON-RPC rather than the API's error body.
 */
@Injectable()
export class McpOriginCheck implements NestMiddleware {
  private readonly siteOrigin: string;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'SITE_URL'>) {
    this.siteOrigin = new URL(config.SITE_URL).origin;
  }

  /**
   * The refusal goes to `next` rather than being thrown: on Fastify, Nest's middleware runs in an `onRequest` hook,
   * and a failure passed on from there is answered by the gateway's error filter with the reply it expects.
   */
  use(request: IncomingMessage, _response: unknown, next: (error?: AppgenError) => void): void {
    const { origin } = request.headers;
    if (origin === undefined || origin === this.siteOrigin) return next();
    next(AppgenError.of('forbidden', `${SITE_PATHS.mcp} refuses browser requests from ${JSON.stringify(origin.slice(0, 100))}: only ${this.siteOrigin} may call it from a page`));
  }
}
