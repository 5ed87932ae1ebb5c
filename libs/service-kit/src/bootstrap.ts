import { Logger, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceName } from '@appgen/contracts';
import { ConfigError } from './config';
import { checkNoGlobalEnhancers, directHandlerSubject, type DirectHandler } from './direct-handlers';
import { DrainingNatsServer } from './draining-nats-server';
import { HealthService } from './health';
import { collectGarbageWhenQuiet } from './quiet-collector';
import { ServiceExceptionFilter } from './service-exception.filter';
import { AppgenLogger, logFormatOf } from './logger';
import { startMetrics } from './metrics';
import type { ServiceConfig } from './service-config';
import { startTracing } from './tracing';

/** The largest request body a process's HTTP server reads (1 MiB); larger is 413 `payload_too_large`. */
export const HTTP_BODY_LIMIT_BYTES = 1_048_576;

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a URL and headers over Node's 16 KB, a request
 * that stalls), answered with the API's error body instead of Fastify's `{error: "Request Header Fields Too
 * Large", statusCode}`, then the connection is closed as Node does. 400: the contract has no status of its own for it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request URL and headers are too large: keep them under 16 KB together'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'The request was not received in time'
        : 'The request is malformed';
  const body = JSON.stringify({ error: 'bad_request', message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 400 Bad Request\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * The HTTP server of every process. Requests Fastify refuses before routing (a malformed percent-encoding
 * in the URL) or Node before Fastify (answerClientError) still get the API's `{error, message}` body, and long
 * path parameters reach the handler, which answers 404 for an id that names nothing, instead of Fastify's bare 414.
 */
export function createHttpAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: HTTP_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 2048 },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .code(error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400)
        .type('application/json; charset=utf-8')
        .send({ error: 'bad_request', message: 'The request URL is malformed' });
    },
  });
}

/** Hands each of `handlers` to the server to call directly, once the app and its global enhancers are set up. */
function serveDirectly(app: NestFastifyApplication, server: DrainingNatsServer, handlers: readonly DirectHandler[]): void {
  checkNoGlobalEnhancers(app);
  for (const { controller, method } of handlers) {
    const subject = directHandlerSubject(controller, method);
    const instance: unknown = app.get(controller, { strict: false });
    const handler = (controller.prototype as Record<string, (payload: unknown) => unknown>)[method];
    server.serveDirectly(subject, (payload) => handler?.call(instance, payload));
  }
}

export interface ServiceBootOptions {
  name: ServiceName;
  config: ServiceConfig;
  module: DynamicModule;
  /** Port of the process's HTTP server (health for most services; the public surface for gateway and edge). */
  httpPort: number;
  /** False for processes that answer no NATS subjects (the gateway only asks). */
  natsServer?: boolean;
  configure?: (app: NestFastifyApplication) => void | Promise<void>;
  /** Message handlers on a hot path, called without Nest's RPC pipeline (DrainingNatsServer.serveDirectly). */
  directHandlers?: readonly DirectHandler[];
}

/**
 * Starts one appgen process: validates its environment (done by the caller's `load`), builds the
 * Nest app, joins the NATS queue group named after the service, and shuts down gracefully on SIGTERM.
 */
export async function runService(load: () => ServiceBootOptions): Promise<NestFastifyApplication | undefined> {
  let options: ServiceBootOptions;
  try {
    options = load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { name, config } = options;
  // Every Postgres connection of the process (pools and listeners) names its service in pg_stat_activity.
  process.env['PGAPPNAME'] ??= name;
  // Before the app is built, so that every line, boot included, has the process's format and service.
  const appLogger = new AppgenLogger({ service: name, format: logFormatOf(config.LOG_FORMAT), level: config.LOG_LEVEL });
  Logger.overrideLogger(appLogger);
  startTracing({ service: name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  startMetrics(name);
  const logger = new Logger(name);
  try {
    const app = await NestFactory.create<NestFastifyApplication>(options.module, createHttpAdapter(), { logger: appLogger });
    let server: DrainingNatsServer | undefined;
    if (options.natsServer !== false) {
      server = new DrainingNatsServer(
        { servers: config.NATS_URL, queue: name, name },
        { drainTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, maxReplyBytes: config.RPC_MAX_REPLY_BYTES, checkReplies: config.CONTRACT_CHECK_REPLIES },
      );
      app.connectMicroservice({ strategy: server }, { inheritAppConfig: true }).useGlobalFilters(new ServiceExceptionFilter());
      app.get(HealthService).watchServingConnection(server.status);
    }
    // useProcessExit: exit 0 once everything closed, instead of re-raising the signal (exit 143).
    app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
    await options.configure?.(app);
    if (server && options.directHandlers?.length) serveDirectly(app, server, options.directHandlers);
    await app.startAllMicroservices();
    await app.listen(options.httpPort, '0.0.0.0');
    logger.log(`${name} ready on port ${options.httpPort}`);
    collectGarbageWhenQuiet();
    return app;
  } catch (error) {
    logger.error(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
