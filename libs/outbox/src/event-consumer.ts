import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import {
  EventEnvelope,
  EVENTS_STREAM,
  EVENTS_SUBJECT_PREFIX,
  eventSubject,
  validate,
  type DomainEvent,
  type EventKind,
} from '@appgen/contracts';
import {
  endSpan,
  extractTrace,
  REQUEST_ID_HEADER,
  requestIdFrom,
  runInRequestContext,
  SpanKind,
  startSpan,
} from '@appgen/service-kit';
import { ensureEventsStream } from './events-stream';
import { eventsHandled, watchConsumer } from './outbox-metrics';

export interface EventConsumerOptions<K extends EventKind> {
  /**
   * The durable consumer's name, one per service and purpose (`deployment-service-app-deleted`). Replicas of a
   * service share it, so each event is handled once per service, not once per process.
   */
  durable: string;
  /** The event kinds to receive; any other kind is never handed to `handle`. */
  kinds: readonly [K, ...K[]];
  /**
   * Handles one event; the event is acknowledged once it resolves. A rejection is retried later, and so is a
   * handler that never returns (its process died): handlers must be idempotent, keyed on what the event names.
   * Throw UnprocessableEventError for an event that could never succeed, so it is not retried.
   */
  handle: (event: DomainEvent<K>) => Promise<void>;
  /** How long an event may stay unacknowledged before JetStream hands it out again; a running handler extends it. */
  ackWaitMs?: number;
  /** The first retry of a failed event waits this long, each further one twice as long, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/** Thrown by a handler for an event it can never handle (not for a passing failure): the event is dropped. */
export class UnprocessableEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnprocessableEventError';
  }
}

/** The app an event is about; an event that names none cannot be acted on for an app, and is dropped. */
export function appIdOf(event: DomainEvent): string {
  if (event.app_id === null) throw new UnprocessableEventError(`${event.event} ${event.id} names no app`);
  return event.app_id;
}

/** One event at a time is handled, so only a few wait in the client while their ack wait runs. */
const PULL_BATCH = 8;

/** `filter_subjects` (several subjects on one consumer) needs NATS 2.10; Debian's nats-server is 2.9. */
function supportsSeveralFilters(version: string | undefined): boolean {
  const [major = 0, minor = 0] = (version ?? '').split('.').map((part) => Number.parseInt(part, 10));
  return major > 2 || (major === 2 && minor >= 10);
}

/**
 * The consumer's subject filter: the kind's own subject, or all of them on a server that takes several; an
 * older server gets every event and the others are acknowledged unread here.
 */
function subjectFilter(kinds: readonly EventKind[], serverVersion: string | undefined): { filter_subject?: string; filter_subjects?: string[] } {
  const [only] = kinds;
  if (kinds.length === 1 && only) return { filter_subject: eventSubject(only), filter_subjects: undefined };
  if (supportsSeveralFilters(serverVersion)) return { filter_subject: undefined, filter_subjects: kinds.map(eventSubject) };
  return { filter_subject: `${EVENTS_SUBJECT_PREFIX}>`, filter_subjects: undefined };
}

/** The event a message carries, checked against the envelope's contract; null when it breaks it. */
function envelopeOf(message: JsMsg): DomainEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.string());
  } catch {
    return null;
  }
  const checked = validate(EventEnvelope, parsed);
  // The envelope schema checks `event` against the twelve kinds; `data` is each kind's own, as its publisher wrote it.
  return checked.ok ? (checked.value as DomainEvent) : null;
}

/**
 * Reads chosen kinds of the EVENTS stream through one durable pull consumer with explicit acks, one event at a
 * time. Created by consumeEvents; stop() ends it.
 */
export class EventConsumer<K extends EventKind> {
  private readonly log: Logger;
  private readonly kinds: ReadonlySet<EventKind>;
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private stopping = false;
  private unwatch?: () => void;

  constructor(
    private readonly nats: NatsConnection,
    private readonly options: Required<EventConsumerOptions<K>>,
  ) {
    this.log = new Logger(`EventConsumer ${options.durable}`);
    this.kinds = new Set(options.kinds);
  }

  async start(): Promise<void> {
    // One replica if this runs first; the outbox relay, which has EVENTS_STREAM_REPLICAS, raises it at its start.
    await ensureEventsStream(this.nats);
    const manager = await this.nats.jetstreamManager();
    const { durable, ackWaitMs } = this.options;
    const changeable = {
      ...subjectFilter(this.options.kinds, this.nats.info?.version),
      ack_wait: nanos(ackWaitMs),
      max_ack_pending: 100,
    };
    try {
      // From the stream's first event on a new consumer: a service that was never running still hears of what
      // happened before it (the stream keeps 30 days). An existing consumer goes on from where it stopped.
      await manager.consumers.add(EVENTS_STREAM, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...changeable,
      });
    } catch (error) {
      // It exists with other settings (an older release): change what may change, keep its position.
      await manager.consumers.update(EVENTS_STREAM, durable, changeable).catch((updateError: unknown) => {
        throw new Error(`event consumer ${durable} can be neither created (${String(error)}) nor updated (${String(updateError)})`);
      });
    }
    this.unwatch = watchConsumer(this.nats, durable);
    const consumer = await this.nats.jetstream().consumers.get(EVENTS_STREAM, durable);
    const messages = await consumer.consume({ max_messages: PULL_BATCH });
    this.messages = messages;
    this.loop = (async () => {
      for await (const message of messages) await this.receive(message);
    })().catch((error: unknown) => this.log.error(`stopped reading events: ${String(error)}`));
  }

  /** Stops pulling, hands back events not started yet, and waits for the one being handled. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unwatch?.();
    await this.messages?.close();
    await this.loop;
  }

  private async receive(message: JsMsg): Promise<void> {
    if (this.stopping) {
      // Another replica (or this service's next start) takes it at once instead of after the ack wait.
      message.nak();
      return;
    }
    const event = envelopeOf(message);
    if (!event) {
      this.log.warn(`event at stream sequence ${message.seq} is not an event envelope; dropped`);
      // No reason given: NATS before 2.10 ignores a `+TERM <reason>` and the message would stay pending.
      message.term();
      return;
    }
    if (!this.kinds.has(event.event)) {
      message.ack();
      return;
    }
    // The request that recorded the event, and its trace, continued in a consumer span: its lines and the
    // requests its handler makes carry them.
    const span = startSpan(`${message.subject} process`, SpanKind.CONSUMER, extractTrace(message.headers), {
      'messaging.system': 'nats',
      'messaging.destination.name': message.subject,
      'messaging.consumer.group.name': this.options.durable,
      'messaging.message.id': event.id,
    });
    const context = { requestId: requestIdFrom(message.headers?.get(REQUEST_ID_HEADER) || event.id), trace: span.context };
    const count = (outcome: 'ok' | 'retry' | 'dropped', error?: string) => {
      eventsHandled.inc({ durable: this.options.durable, kind: event.event, outcome });
      endSpan(span, error);
    };
    // A handler that takes longer than the ack wait is still working on it: JetStream must not hand it out again.
    const working = setInterval(() => message.working(), Math.max(1, Math.floor(this.options.ackWaitMs / 2)));
    try {
      await runInRequestContext(context, () => this.options.handle(event as DomainEvent<K>));
      message.ack();
      count('ok');
      runInRequestContext(context, () => this.log.log(`events.${event.event} handled account=${event.account_id} app=${event.app_id ?? '-'} event=${event.id}`));
    } catch (error) {
      runInRequestContext(context, () => {
        if (error instanceof UnprocessableEventError) {
          this.log.warn(`event ${event.id} (${event.event}) cannot be handled; dropped: ${error.message}`);
          message.term();
          count('dropped', error.message);
          return;
        }
        const delay = Math.min(this.options.retryDelayMs * 2 ** Math.max(0, message.info.redeliveryCount - 1), this.options.maxRetryDelayMs);
        this.log.warn(`event ${event.id} (${event.event}) not handled yet, retrying in ${delay} ms: ${String(error)}`);
        message.nak(delay);
        count('retry', String(error));
      });
    } finally {
      clearInterval(working);
    }
  }
}

/**
 * Starts handling `kinds` of the EVENTS stream through the durable consumer `durable` (created, or updated, on
 * the way): each event is acknowledged once `handle` resolves, retried with a growing delay when it rejects,
 * and dropped (terminated) when it is no event envelope. Resolves once the consumer is reading.
 */
export async function consumeEvents<K extends EventKind>(
  nats: NatsConnection,
  options: EventConsumerOptions<K>,
): Promise<EventConsumer<K>> {
  const consumer = new EventConsumer(nats, {
    ackWaitMs: 30_000,
    retryDelayMs: 1000,
    maxRetryDelayMs: 60_000,
    ...options,
  });
  await consumer.start();
  return consumer;
}

/**
 * A Nest provider that runs one consumer for the life of the application: from bootstrap (the database and
 * NATS are connected by then) until shutdown begins, when it stops before NATS and the database close.
 */
export abstract class EventConsumerLifecycle<K extends EventKind> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer?: EventConsumer<K>;

  protected constructor(
    private readonly nats: NatsConnection,
    private readonly options: EventConsumerOptions<K>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await consumeEvents(this.nats, this.options);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}
