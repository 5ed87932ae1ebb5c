import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { EventEnvelope, EVENTS_STREAM, EVENTS_SUBJECT_PREFIX, validate } from '@appgen/contracts';
import { ensureEventsStream, watchConsumer } from '@appgen/outbox';
import { extractTrace, formatTraceparent, NATS_CONNECTION, REQUEST_ID_HEADER, requestIdFrom, runInRequestContext, type RequestContext } from '@appgen/service-kit';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../config/webhooks.config';
import { DELIVERIES_CHANNEL, DeliveryWorker } from '../deliveries/delivery-worker';

export const FANOUT_CONSUMER = 'webhooks-fanout';

interface EnvelopeHead {
  id: string;
  event: string;
  account_id: number;
}

interface Incoming {
  message: JsMsg;
  head: EnvelopeHead;
  raw: string;
  /** the request that recorded the event, carried on to its deliveries and log line */
  context: RequestContext;
}

/** Events fanned out by one transaction at most; more wait for the next. */
const MAX_EVENTS_PER_TRANSACTION = 256;

/** Account ids are Postgres integers; anything else could never match a subscription and would fail its whole batch. */
/** What fan-out needs of an event, once it is checked against its envelope's contract; null when it breaks it. */
function envelopeHead(raw: string): EnvelopeHead | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const checked = validate(EventEnvelope, parsed);
  return checked.ok ? { id: checked.value.id, event: checked.value.event, account_id: checked.value.account_id } : null;
}

/**
 * One row per delivery: each event of the batch joined to the enabled subscriptions of its account listing
 * its kind. A single statement, so it commits (and its NOTIFY reaches the workers) as one, in one round trip.
 */
const FAN_OUT_SQL = `WITH created AS (
    INSERT INTO deliveries (account_id, subscription_id, event_id, event, body, traceparent, next_attempt_at)
    SELECT s.account_id, s.id, e.id, e.event, e.body, e.traceparent, now()
      FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $6::text[]) WITH ORDINALITY AS e(id, event, body, account_id, traceparent, position)
      JOIN subscriptions s ON s.account_id = e.account_id AND s.enabled AND e.event = ANY (s.events)
     ORDER BY e.position, s.id
    ON CONFLICT (subscription_id, event_id) DO NOTHING
    RETURNING id)
  SELECT count(*)::int AS created, CASE WHEN count(*) > 0 THEN pg_notify($5, current_schema()) END AS notified FROM created`;

/**
 * Reads every event of EVENTS through the durable pull consumer `webhooks-fanout` and creates a delivery
 * for each enabled subscription of the event's account that lists its kind. Events that arrive while one
 * transaction runs are fanned out together by the next, with one INSERT; each message is acked only after
 * the commit that holds its deliveries, so a crash redelivers it, and the unique (subscription_id, event_id)
 * makes the redelivery add nothing. A batch that fails is retried one event per transaction, so one event
 * Postgres refuses holds up only itself.
 */
@Injectable()
export class EventFanout implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('EventFanout');
  private readonly accessLog = new Logger('Access');
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private unwatch?: () => void;
  private queued: Incoming[] = [];
  private fanningOut?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.WEBHOOK_FANOUT_ENABLED) return;
    await ensureEventsStream(this.nats, { replicas: this.config.EVENTS_STREAM_REPLICAS });
    const manager = await this.nats.jetstreamManager();
    await manager.consumers.add(EVENTS_STREAM, {
      durable_name: FANOUT_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${EVENTS_SUBJECT_PREFIX}>`,
      // An event pulled by a process that then died comes back after this long; a batch commits in far less.
      ack_wait: nanos(10_000),
      max_ack_pending: 1000,
    });
    this.unwatch = watchConsumer(this.nats, FANOUT_CONSUMER);
    const consumer = await this.nats.jetstream().consumers.get(EVENTS_STREAM, FANOUT_CONSUMER);
    const messages = await consumer.consume({ max_messages: 256 });
    this.messages = messages;
    // Messages are only queued here; max_ack_pending bounds how many wait unacked.
    this.loop = (async () => {
      for await (const message of messages) this.enqueue(message);
    })().catch((error: unknown) => this.log.error(`event consumer stopped: ${String(error)}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.unwatch?.();
    await this.messages?.close();
    await this.loop;
    await this.fanningOut;
  }

  private enqueue(message: JsMsg): void {
    const raw = message.string();
    const head = envelopeHead(raw);
    if (!head) {
      this.log.warn(`event at stream sequence ${message.seq} is not an event envelope; skipped`);
      // No reason given: NATS before 2.10 ignores a `+TERM <reason>`, and the event would come back every ack wait.
      message.term();
      return;
    }
    const trace = extractTrace(message.headers);
    const context: RequestContext = { requestId: requestIdFrom(message.headers?.get(REQUEST_ID_HEADER) || head.id), ...(trace ? { trace } : {}) };
    this.queued.push({ message, head, raw, context });
    this.fanningOut ??= this.fanOutQueued();
  }

  private async fanOutQueued(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, MAX_EVENTS_PER_TRANSACTION);
        let created = 0;
        const startedAt = performance.now();
        try {
          created = await this.insert(batch);
          for (const { message } of batch) message.ack();
          this.logFannedOut(batch, startedAt);
        } catch (error) {
          const [only] = batch;
          if (batch.length === 1 && only) {
            this.retryLater(only, error);
          } else {
            for (const incoming of batch) {
              try {
                created += await this.insert([incoming]);
                incoming.message.ack();
                this.logFannedOut([incoming], startedAt);
              } catch (single) {
                this.retryLater(incoming, single);
              }
            }
          }
        }
        if (created > 0) this.worker.wake();
      }
    } finally {
      // In the same turn as the emptiness check, so a message queued right after starts a new run.
      this.fanningOut = undefined;
    }
  }

  /** Inserts the deliveries of these events and notifies the workers, atomically; resolves with how many. */
  private async insert(batch: Incoming[]): Promise<number> {
    const rows: Array<{ created: number }> = await this.dataSource.query(FAN_OUT_SQL, [
      batch.map((e) => e.head.id),
      batch.map((e) => e.head.event),
      batch.map((e) => e.raw),
      batch.map((e) => e.head.account_id),
      DELIVERIES_CHANNEL,
      batch.map((e) => (e.context.trace ? formatTraceparent(e.context.trace) : null)),
    ]);
    return rows[0]?.created ?? 0;
  }

  /** One access line per event handled: its kind, account and id (the envelope's data is never logged). */
  private logFannedOut(batch: Incoming[], startedAt: number): void {
    const ms = (performance.now() - startedAt).toFixed(1);
    for (const { head, context } of batch) {
      runInRequestContext(context, () => this.accessLog.log(`events.${head.event} fanned-out ${ms}ms account=${head.account_id} event=${head.id}`));
    }
  }

  private retryLater({ head, message }: Incoming, error: unknown): void {
    this.log.warn(`event ${head.id} not fanned out yet, will retry: ${String(error)}`);
    message.nak(1000);
  }
}
