import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER, requestIdFrom, runInRequestContext, type RequestContext } from './request-context';

const contexts = new WeakMap<FastifyRequest, RequestContext>();

/** Probes and scrapes arrive every few seconds and say nothing about users' requests. */
function isProbe(url: string): boolean {
  return /^\/(health|metrics)(\?|$)/.test(url);
}

/**
 * Gives every HTTP request of a Fastify server a request id (the client's `X-Request-Id` when it is plain,
 * otherwise a new one; echoed on the response), runs its hooks and handler in that request context (so the
 * NATS requests it makes carry the id on), and logs one line when it is answered:
 * `METHOD route status duration account request-id`. The route is the matched pattern, never the raw URL,
 * so that a token in a path (a claim link) is not written to the log; bodies and headers are never logged.
 * Register it before any other hook.
 */
export interface HttpRequestLogOptions {
  /**
   * What the line calls the request when one catch-all route serves everything (the edge): by default the
   * matched route pattern. Whatever it returns is logged, so it must not include query strings or tokens.
   */
  routeOf?: (request: FastifyRequest) => string;
}

export function installHttpRequestLog(fastify: FastifyInstance, options: HttpRequestLogOptions = {}): void {
  const log = new Logger('Access');
  const routeOf = options.routeOf ?? ((request: FastifyRequest) => request.routeOptions.url ?? '(no route)');
  fastify.addHook('onRequest', (request, reply, done) => {
    const context: RequestContext = { requestId: requestIdFrom(request.headers['x-request-id']?.toString()) };
    contexts.set(request, context);
    void reply.header(REQUEST_ID_HEADER, context.requestId);
    runInRequestContext(context, done);
  });
  // Body parsing runs outside the hook chain's async context: enter it again for the handler.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context) runInRequestContext(context, done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!isProbe(request.url)) {
      const context = contexts.get(request);
      const route = routeOf(request);
      const account = context?.accountId === undefined ? '-' : String(context.accountId);
      log.log(`${request.method} ${route} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms account=${account} request=${context?.requestId ?? '-'}`);
    }
    done();
  });
}
