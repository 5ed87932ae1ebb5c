import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';
import { errorResponse, notFoundResponse, type PageResponse } from './edge-responses';
import { parseHostAddress } from './host-address';

const HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function send(reply: FastifyReply, page: PageResponse): FastifyReply {
  reply.code(page.status).header('content-type', page.contentType).header('x-content-type-options', 'nosniff');
  // Answers change as soon as an app is built or deployed, so nothing in between may keep them.
  reply.header('cache-control', 'no-store');
  if (page.contentType.startsWith('text/html')) reply.header('content-security-policy', HTML_POLICY);
  return reply.send(page.body);
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

  constructor(@Inject(EDGE_CONFIG) private readonly config: EdgeConfig) {
    this.server = Fastify({ logger: false, bodyLimit: 1_048_576, forceCloseConnections: 'idle', return503OnClosing: true });
    // No app serves anything yet, so bodies are never read; a catch-all parser keeps any content
    // type (or a malformed JSON body) from turning into a parse error before the page is chosen.
    this.server.removeAllContentTypeParsers();
    this.server.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    this.server.all('/*', (request, reply) => this.serve(request, reply));
    this.server.setNotFoundHandler((request, reply) => this.serve(request, reply));
    this.server.setErrorHandler((error: { statusCode?: number }, request, reply) =>
      send(reply, errorResponse(error.statusCode, request.headers.accept)),
    );
  }

  /** For tests: the running Fastify instance (inject requests without a socket). */
  get instance(): FastifyInstance {
    return this.server;
  }

  private serve(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const address = parseHostAddress(request.headers.host, {
      previewHost: this.config.PREVIEW_HOST,
      appsHost: this.config.APPS_HOST,
    });
    return send(reply, notFoundResponse(address, request.headers.accept));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.server.listen({ port: this.config.EDGE_PORT, host: '0.0.0.0' });
    this.log.log(
      `serving preview-<app_id>.${this.config.PREVIEW_HOST} and <app_id>.${this.config.APPS_HOST} on port ${this.config.EDGE_PORT}`,
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    const closing = this.server.close();
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), this.config.SHUTDOWN_TIMEOUT_MS).unref());
    if ((await Promise.race([closing, timeout])) === 'timeout') {
      this.log.warn('requests still open after SHUTDOWN_TIMEOUT_MS; closing their connections');
      this.server.server.closeAllConnections();
      await closing;
    }
  }
}
