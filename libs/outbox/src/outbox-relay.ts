import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { headers as natsHeaders, JSONCodec, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { eventSubject, type DomainEvent, type EventKind } from '@appgen/contracts';
import {
  endSpan,
  injectTrace,
  NATS_CONNECTION,
  parseTraceparent,
  REQUEST_ID_HEADER,
  SERVICE_CONFIG,
  SpanKind,
  startSpan,
  type ServiceConfig,
} from '@appgen/service-kit';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import { ensureEventsStream } from './events-stream';
import { outboxPublished, reportOutboxLag } from './outbox-metrics';
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
  request_id: string | null;
  traceparent: string | null;
}

const codec = JSONCodec<DomainEvent>();

/**
 * Publishes committed outbox rows to the JetStream stream EVENTS, oldest first, with the event id as
 * `Nats-Msg-Id`. A row is marked published only after JetStream acknowledged it; if the process dies in
 * between, the row is published again and JetStream drops the copy as a duplicate.
 *
 * Each message carries the request id and trace of the request that recorded the event (X-Request-Id, and
 * `traceparent` of a producer span under it), so its consumers continue that trace. The age of the oldest
 * unpublished row is the metric `appgen_outbox_oldest_unpublished_seconds`.
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
    reportOutboxLag(async () => {
      const rows: Array<{ age: number | string }> = await this.dataSource.query(
        'SELECT extract(epoch FROM now() - created_at) AS age FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT 1',
      );
      return Number(rows[0]?.age ?? 0);
    });
    if (!this.options.enabled) {
      this.log.warn('outbox relay disabled: events stay in the outbox until a relay runs');
      return;
    }
    await ensureEventsStream(this.nats, { replicas: this.config.EVENTS_STREAM_REPLICAS });
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
          `SELECT seq, id, kind, envelope, request_id, traceparent FROM outbox
            WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.options.batchSize],
        );
        if (rows.length === 0) return 0;
        await Promise.all(rows.map((row) => this.publish(js, row)));
        await manager.query('UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])', [
          rows.map((row) => row.seq),
        ]);
        return rows.length;
      });
      if (published < this.options.batchSize || this.loop?.isStopped) return;
    }
  }

  private async publish(js: ReturnType<NatsConnection['jetstream']>, row: PendingRow): Promise<void> {
    const subject = eventSubject(row.kind);
    const span = startSpan(`${subject} publish`, SpanKind.PRODUCER, parseTraceparent(row.traceparent), {
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
      'messaging.message.id': row.id,
    });
    const headers = natsHeaders();
    if (row.request_id) headers.set(REQUEST_ID_HEADER, row.request_id);
    injectTrace(headers, span.context);
    try {
      await js.publish(subject, codec.encode(row.envelope), { msgID: row.id, headers });
      outboxPublished.inc({ kind: row.kind });
      endSpan(span);
    } catch (error) {
      endSpan(span, String(error));
      throw error;
    }
  }
}
