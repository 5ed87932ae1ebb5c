import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { eventSubject, type DomainEvent, type EventKind } from '@appgen/contracts';
import { NATS_CONNECTION, NotifiedWorkLoop, SERVICE_CONFIG, type ServiceConfig } from '@appgen/service-kit';
import { ensureEventsStream } from './events-stream';
import { OUTBOX_CHANNEL } from './outbox.service';

export const OUTBOX_RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');

export interface OutboxRelayOptions {
  /** Off only where another replica relays, or in fault tests that need events to stay unpublished. */
  enabled: boolean;
  /** Fallback poll, for a NOTIFY missed while the listener reconnected. */
  pollIntervalMs: number;
  batchSize: number;
}

interface PendingRow {
  seq: string;
  id: string;
  kind: EventKind;
  envelope: DomainEvent;
}

const codec = JSONCodec<DomainEvent>();

/**
 * Publishes committed outbox rows to the JetStream stream EVENTS, oldest first, with the event id as
 * `Nats-Msg-Id`. A row is marked published only after JetStream acknowledged it; if the process dies in
 * between, the row is published again and JetStream drops the copy as a duplicate.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('OutboxRelay');
  private loop?: NotifiedWorkLoop;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(OUTBOX_RELAY_OPTIONS) private readonly options: OutboxRelayOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.enabled) {
      this.log.warn('outbox relay disabled: events stay in the outbox until a relay runs');
      return;
    }
    await ensureEventsStream(this.nats);
    this.loop = new NotifiedWorkLoop({
      name: 'OutboxRelay',
      databaseUrl: this.config.DATABASE_URL,
      channel: OUTBOX_CHANNEL,
      schema: String(this.dataSource.driver.schema),
      pollIntervalMs: this.options.pollIntervalMs,
      pass: () => this.publishPending(),
    });
    await this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
  }

  private async publishPending(): Promise<void> {
    const js = this.nats.jetstream();
    for (;;) {
      const published = await this.dataSource.transaction(async (manager) => {
        const rows: PendingRow[] = await manager.query(
          `SELECT seq, id, kind, envelope FROM outbox
            WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.options.batchSize],
        );
        if (rows.length === 0) return 0;
        await Promise.all(
          rows.map((row) => js.publish(eventSubject(row.kind), codec.encode(row.envelope), { msgID: row.id })),
        );
        await manager.query('UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])', [
          rows.map((row) => row.seq),
        ]);
        return rows.length;
      });
      if (published < this.options.batchSize || this.loop?.isStopped) return;
    }
  }
}
