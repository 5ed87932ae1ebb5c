import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpRequestDuration } from './metrics';
import { objectSlot } from './object-slot';
import { REQUEST_ID_HEADER, requestIdFrom, runInRequestContext, type RequestContext } from './request-context';
import { extractTrace, httpHeaders } from './trace-context';
import { endSpan, SpanKind, startSpan, type ActiveSpan } from './tracing';

interface Served {
  context: RequestContext;
  span: ActiveSpan;
}

const served = objectSlot<Served>('appgen.served');

/** Probes and scrapes arrive every few seconds and say nothing about users' requests. */
function isProbe(url: string): boolean {
  return /^\/(health|metrics)(\?|$)/.test(url);
}

export interface HttpRequestLogOptions {
  /**
   * What the line calls the request when one catch-all route serves everything (the edge): by default the
   * matched route pattern. Whatever it returns is logged, so it must not include query strings or tokens.
   */
  routeOf?: (request: FastifyRequest) => string;
  /**
   * The route label of the request's metrics and span: by default the matched route pattern. It must take few
   * values (a template, never a host or a path), as every value is a series of its own.
   */
  routeTemplateOf?: (request: FastifyRequest) => string;
}

/** The matched route pattern (`/api/v1/managed_apps/:id`), or one label for every request no route matched. */
function matchedRoute(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(no route)';
}

/**
 * What every public HTTP server of appgen (the gateway's, the edge's) does for each request:
 * - gives it a request id (the client's `X-Request-Id` when it is plain, otherwise a new one; echoed on the
 *   response);
 * - continues the trace of the client's W3C `traceparent`, or starts one, in a server span;
 * - runs its hooks and handler in that request context, so the NATS requests it makes carry both on;
 * - when it is answered, counts it in `appgen_http_request_duration_seconds` and logs one line:
 *   `METHOD route status duration account` (the logger adds the request and trace ids). The route is the
 *   matched pattern, never the raw URL, so that a token in a path (a claim link) is not written to the log;
 *   bodies and headers are never logged.
 * Register it before any other hook.
 */
export function installHttpRequestLog(fastify: FastifyInstance, options: HttpRequestLogOptions = {}): void {
  const log = new Logger('Access');
  const routeOf = options.routeOf ?? matchedRoute;
  const routeTemplateOf = options.routeTemplateOf ?? matchedRoute;
  fastify.addHook('onRequest', (request, reply, done) => {
    const span = startSpan(request.method, SpanKind.SERVER, extractTrace(httpHeaders(request.headers)), { 'http.request.method': request.method });
    const context: RequestContext = { requestId: requestIdFrom(request.headers['x-request-id']?.toString()), trace: span.context };
    served.set(request, { context, span });
    void reply.header(REQUEST_ID_HEADER, context.requestId);
    runInRequestContext(context, done);
  });
  // Body parsing runs outside the hook chain's async context: enter it again for the handler.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const entry = served.get(request);
    if (entry) runInRequestContext(entry.context, done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const entry = served.get(request);
    if (!entry) return done();
    const status = reply.statusCode;
    const template = routeTemplateOf(request);
    httpRequestDuration.observe({ method: request.method, route: template, status: String(status) }, reply.elapsedTime / 1000);
    entry.span.span.updateName(`${request.method} ${template}`);
    entry.span.span.setAttributes({ 'http.route': template, 'http.response.status_code': status });
    endSpan(entry.span, status >= 500 ? `HTTP ${status}` : undefined);
    if (!isProbe(request.url)) {
      const account = entry.context.accountId === undefined ? '-' : String(entry.context.accountId);
      const route = routeOf(request);
      const ms = reply.elapsedTime.toFixed(1);
      runInRequestContext(entry.context, () =>
        log.log(`${request.method} ${route} ${status} ${ms}ms account=${account}`, { method: request.method, route, status, duration_ms: Number(ms) }),
      );
    }
    done();
  });
}
