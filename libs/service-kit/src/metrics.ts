import { createServer, type Server } from 'node:http';
import { Controller, Get, Inject, Injectable, Logger, Res, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one process: one registry, every series labelled with the process's `service`. Served
 * at `GET /metrics` on the internal port (HEALTH_PORT; the gateway's METRICS_PORT), never on a public one.
 * Metrics every process shares are defined here; a service's own (generation jobs, webhook deliveries, the
 * edge's caches) are defined beside the code that counts them, on the same registry (`metricsRegistry`).
 */
export const metricsRegistry = new Registry();

let defaultsCollected = false;

/** Labels every series with the service and starts Node's process metrics (CPU, memory, event loop lag, GC). */
export function startMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Seconds, from a fast cache hit to a slow generation step. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'appgen_http_request_duration_seconds',
  help: 'HTTP requests served (gateway, edge) by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const rpcServerDuration = new Histogram({
  name: 'appgen_rpc_server_duration_seconds',
  help: 'NATS messages handled by subject and status (the reply\'s HTTP-like status; "event" for a message without reply)',
  labelNames: ['subject', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const rpcClientDuration = new Histogram({
  name: 'appgen_rpc_client_duration_seconds',
  help: 'NATS requests made to other services by subject and outcome (ok, error, timeout, unavailable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const rpcClientTimeouts = new Counter({
  name: 'appgen_rpc_client_timeouts_total',
  help: 'NATS requests that got no answer within their timeout (answered 504), by subject',
  labelNames: ['subject'] as const,
  registers: [metricsRegistry],
});

export { Counter, Gauge, Histogram };

/** The text Prometheus scrapes. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

interface TextReply {
  header(name: string, value: string): { send(body: string): unknown };
}

/** `GET /metrics` beside `/health` on a service's internal port. */
@Controller()
export class MetricsController {
  @Get('metrics')
  async scrape(@Res() reply: TextReply): Promise<void> {
    const { contentType, body } = await metricsText();
    reply.header('content-type', contentType).send(body);
  }
}

export const METRICS_PORT = Symbol('METRICS_PORT');

/**
 * A process whose HTTP port is public (the gateway) serves its metrics on a port of their own, METRICS_PORT,
 * which only the cluster reaches. 0: none. A port that is taken is reported, not fatal: the API matters more.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Metrics');
  private server?: Server;

  constructor(@Inject(METRICS_PORT) private readonly port: number) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.port === 0) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics only');
        return;
      }
      metricsText().then(
        ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
        (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => {
      server.once('error', (error) => {
        this.log.error(`metrics not served: port ${this.port} is unavailable (${error.message})`);
        resolve();
      });
      server.listen(this.port, '0.0.0.0', () => {
        this.server = server;
        this.log.log(`metrics on port ${this.port}`);
        resolve();
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
