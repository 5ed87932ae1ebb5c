import { Controller, Get, Inject, Injectable, Optional, Res, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Events, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { Observable } from 'rxjs';
import { healthSubject, type HealthReport, type ServiceName } from '@appgen/contracts';
import { NATS_CONNECTION } from './nats-connection';
import { SERVICE_NAME } from './service-config';

/** Minimal reply surface shared by Fastify and the tests, so the controller sets the status itself. */
interface StatusReply {
  status(code: number): { send(body: unknown): unknown };
}

const DATABASE_CHECK_TIMEOUT_MS = 2000;

/**
 * A service with a database: resolves when the database answers, rejects otherwise. DatabaseModule provides it, so
 * the health check itself (and every process without a database, the gateway and the edge) never loads TypeORM.
 */
export type DatabaseCheck = () => Promise<unknown>;
export const DATABASE_CHECK = Symbol('DATABASE_CHECK');

@Injectable()
export class HealthService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly startedAt = Date.now();
  private shuttingDown = false;
  private subscription?: Subscription;
  /** The client reconnects forever, so it never reports closed while NATS is away: track its status instead. */
  private natsConnected = true;
  /**
   * The NATS server's own connection (the one whose subscriptions answer requests) reconnects on its own schedule:
   * until it has, requests find no responder, so the process is not ready even if the client connection is back.
   */
  private servingConnected = true;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: ServiceName,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Optional() @Inject(DATABASE_CHECK) private readonly databaseCheck?: DatabaseCheck,
  ) {}

  onApplicationBootstrap(): void {
    void (async () => {
      for await (const status of this.nats.status()) {
        if (status.type === Events.Disconnect) this.natsConnected = false;
        if (status.type === Events.Reconnect) this.natsConnected = true;
      }
    })().catch(() => undefined);
    const codec = JSONCodec<unknown>();
    this.subscription = this.nats.subscribe(healthSubject(this.service), {
      callback: (_error, message) => {
        void this.report().then((report) => message.respond(codec.encode({ response: report, isDisposed: true })));
      },
    });
  }

  /** Follows the status of the process's NATS server (Nest's `status`: connected, disconnected, reconnecting). */
  watchServingConnection(status: Observable<string>): void {
    status.subscribe((state) => {
      if (state === 'disconnected' || state === 'reconnecting') this.servingConnected = false;
      if (state === 'connected') this.servingConnected = true;
    });
  }

  onApplicationShutdown(): void {
    this.shuttingDown = true;
    this.subscription?.unsubscribe();
  }

  async report(): Promise<HealthReport> {
    const checks: HealthReport['checks'] = { nats: this.nats.isClosed() || !this.natsConnected || !this.servingConnected ? 'failing' : 'ok' };
    if (this.databaseCheck) {
      // A database that stops answering must fail the check, not hang the probe.
      const answered = await Promise.race([
        this.databaseCheck().then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS).unref()),
      ]);
      checks['database'] = answered ? 'ok' : 'failing';
    }
    const healthy = !this.shuttingDown && Object.values(checks).every((check) => check === 'ok');
    return {
      service: this.service,
      status: healthy ? 'ok' : 'degraded',
      checks,
      uptime_seconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
  }
}

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness and readiness for operators and Kubernetes probes: 200 when every check passes, else 503. */
  @Get('health')
  async check(@Res() reply: StatusReply): Promise<void> {
    const report = await this.health.report();
    reply.status(report.status === 'ok' ? 200 : 503).send(report);
  }
}
