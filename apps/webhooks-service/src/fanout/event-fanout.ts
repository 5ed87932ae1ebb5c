import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX, isEventKind } from '@appgen/contracts';
import { ensureEventsStream } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../config/webhooks.config';
import { DELIVERIES_CHANNEL, DeliveryWorker } from '../deliveries/delivery-worker';

export const FANOUT_CONSUMER = 'webhooks-fanout';

interface EnvelopeHead {
  id: string;
  event: string;
  account_id: number;
}

function envelopeHead(raw: string): EnvelopeHead | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, event, account_id } = parsed as Record<string, unknown>;
    if (typeof id !== 'string' || !isEventKind(event) || typeof account_id !== 'number') return null;
    return { id, event, account_id };
  } catch {
    return null;
  }
}

/**
 * Reads every event of EVENTS through the durable pull consumer `webhooks-fanout` and, in one
 * transaction per event, creates a delivery for each enabled subscription of the event's account that
 * lists its kind. The message is acked only after that commit, so a crash redelivers it, and the
 * unique (subscription_id, event_id) makes the redelivery add nothing.
 */
@Injectable()
export class EventFanout implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('EventFanout');
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.WEBHOOK_FANOUT_ENABLED) return;
    await ensureEventsStream(this.nats);
    const manager = await this.nats.jetstreamManager();
    await manager.consumers.add(EVENTS_STREAM, {
      durable_name: FANOUT_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${EVENTS_SUBJECT_PREFIX}>`,
      ack_wait: nanos(30_000),
      max_ack_pending: 1000,
    });
    const consumer = await this.nats.jetstream().consumers.get(EVENTS_STREAM, FANOUT_CONSUMER);
    const messages = await consumer.consume({ max_messages: 256 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const message of messages) await this.handle(message);
    })().catch((error: unknown) => this.log.error(`event consumer stopped: ${String(error)}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }

  private async handle(message: JsMsg): Promise<void> {
    const raw = message.string();
    const head = envelopeHead(raw);
    if (!head) {
      this.log.warn(`event at stream sequence ${message.seq} is not an event envelope; skipped`);
      message.term('not an event envelope');
      return;
    }
    try {
      const created = await this.dataSource.transaction(async (manager) => {
        const rows: Array<{ id: number }> = await manager.query(
          `INSERT INTO deliveries (account_id, subscription_id, event_id, event, body, next_attempt_at)
           SELECT s.account_id, s.id, $1, $2, $3, now() FROM subscriptions s
            WHERE s.account_id = $4 AND s.enabled AND $2 = ANY (s.events)
           ON CONFLICT (subscription_id, event_id) DO NOTHING
           RETURNING id`,
          [head.id, head.event, raw, head.account_id],
        );
        if (rows.length > 0) await manager.query('SELECT pg_notify($1, current_schema())', [DELIVERIES_CHANNEL]);
        return rows.length;
      });
      message.ack();
      if (created > 0) this.worker.wake();
    } catch (error) {
      this.log.warn(`event ${head.id} not fanned out yet, will retry: ${String(error)}`);
      message.nak(1000);
    }
  }
}
