import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { EVENTS_STREAM, type DomainEvent, type EventKind } from '@appgen/contracts';
import { connectNats } from '@appgen/service-kit';
import { startNatsServer, until, type NatsServerHandle } from '@appgen/testing';
import { consumeEvents, UnprocessableEventError, type EventConsumer, type EventConsumerOptions } from './event-consumer';
import { ensureEventsStream } from './events-stream';

jest.setTimeout(30_000);

type Deleted = DomainEvent<'app.deleted'>;

function appDeleted(appId: string): Deleted {
  return {
    id: randomUUID(),
    event: 'app.deleted',
    timestamp: new Date().toISOString(),
    account_id: 7,
    app_id: appId,
    data: { app: { id: appId, name: `App ${appId}` } },
  };
}

/** The events a handler was given whose app id starts with `prefix` (each test has its own), and a wait for them. */
class Handled {
  readonly events: DomainEvent[] = [];

  constructor(private readonly prefix: string) {}

  get appIds(): string[] {
    return this.events.map((event) => event.app_id ?? '');
  }

  /** Whether the event belongs to this test; the stream holds every earlier test's events too. */
  mine(event: DomainEvent): boolean {
    return event.app_id?.startsWith(this.prefix) ?? false;
  }

  record(event: DomainEvent): void {
    if (this.mine(event)) this.events.push(event);
  }

  /** Resolves once the handler was given an event of each of these apps. */
  async apps(...appIds: string[]): Promise<void> {
    await until(`events of ${appIds.join(', ')}`, async () => this.appIds, (handled) => appIds.every((id) => handled.includes(id)));
  }
}

describe('consumeEvents: a durable consumer of chosen event kinds', () => {
  let nats: NatsServerHandle;
  let connection: NatsConnection;
  const running: Array<{ stop(): Promise<void> }> = [];

  async function publish(kind: string, body: string | object): Promise<number> {
    const data = typeof body === 'string' ? body : JSON.stringify(body);
    const ack = await connection.jetstream().publish(`events.${kind}`, new TextEncoder().encode(data), { msgID: randomUUID() });
    return ack.seq;
  }

  async function start<K extends EventKind>(options: EventConsumerOptions<K>): Promise<EventConsumer<K>> {
    const consumer = await consumeEvents(connection, { retryDelayMs: 100, ...options });
    running.push(consumer);
    return consumer;
  }

  async function stop(consumer: { stop(): Promise<void> }): Promise<void> {
    running.splice(running.indexOf(consumer), 1);
    await consumer.stop();
  }

  /** Waits until the durable has acknowledged (or dropped) everything up to stream sequence `seq`, with nothing left pending. */
  async function settledUpTo(durable: string, seq: number): Promise<void> {
    const manager = await connection.jetstreamManager();
    const info = await until(
      `consumer ${durable} settled up to ${seq}`,
      () => manager.consumers.info(EVENTS_STREAM, durable),
      (current) => current.ack_floor.stream_seq >= seq,
    );
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_pending).toBe(0);
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    connection = await connectNats(nats.url, 'event-consumer-it');
    await ensureEventsStream(connection);
  });

  afterEach(async () => {
    for (const consumer of running.splice(0)) await consumer.stop();
  });

  afterAll(async () => {
    await connection?.drain();
    await nats?.stop();
  });

  it('hands each event of its kind to the handler once, acknowledged, and no event of another kind', async () => {
    const handled = new Handled('delivery-');
    await start({ durable: 'it-delivery', kinds: ['app.deleted'], handle: async (event) => handled.record(event) });
    const first = appDeleted('delivery-1');
    await publish('app.created', { ...appDeleted('delivery-created'), event: 'app.created' });
    await publish('app.deleted', first);
    const last = await publish('app.deleted', appDeleted('delivery-2'));
    await handled.apps('delivery-1', 'delivery-2');
    await settledUpTo('it-delivery', last);
    expect(handled.events[0]).toEqual(first);
    expect(handled.appIds).toEqual(['delivery-1', 'delivery-2']);
  });

  it('retries an event whose handler failed, each time a little later, until it succeeds', async () => {
    const handled = new Handled('retry-');
    const attempts: number[] = [];
    await start({
      durable: 'it-retry',
      kinds: ['app.deleted'],
      handle: async (event) => {
        if (!handled.mine(event)) return;
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error('the database is away');
        handled.record(event);
      },
    });
    const seq = await publish('app.deleted', appDeleted('retry-1'));
    await handled.apps('retry-1');
    await settledUpTo('it-retry', seq);
    expect(handled.appIds).toEqual(['retry-1']);
    expect(attempts).toHaveLength(3);
    // 100 ms, then 200 ms.
    const [a = 0, b = 0, c = 0] = attempts;
    expect(b - a).toBeGreaterThanOrEqual(90);
    expect(c - b).toBeGreaterThanOrEqual(190);
  });

  it('drops what is no event envelope, and an event its handler can never handle, and goes on with the next', async () => {
    const handled = new Handled('malformed-');
    let refused = 0;
    await start({
      durable: 'it-malformed',
      kinds: ['app.deleted'],
      handle: async (event) => {
        if (event.app_id === 'malformed-never') {
          refused += 1;
          throw new UnprocessableEventError('names nothing this service could act on');
        }
        handled.record(event);
      },
    });
    await publish('app.deleted', 'not json at all');
    await publish('app.deleted', { id: 'not-a-uuid', event: 'app.deleted', account_id: 7, app_id: 'malformed-envelope' });
    await publish('app.deleted', appDeleted('malformed-never'));
    const seq = await publish('app.deleted', appDeleted('malformed-after'));
    await handled.apps('malformed-after');
    await settledUpTo('it-malformed', seq);
    expect(handled.appIds).toEqual(['malformed-after']);
    expect(refused).toBe(1);
  });

  it('catches up after a restart with what was published while it was stopped, and repeats nothing it acknowledged', async () => {
    const handled = new Handled('restart-');
    const options: EventConsumerOptions<'app.deleted'> = {
      durable: 'it-restart',
      kinds: ['app.deleted'],
      handle: async (event) => handled.record(event),
    };
    const before = await start(options);
    const seq = await publish('app.deleted', appDeleted('restart-before'));
    await handled.apps('restart-before');
    await settledUpTo('it-restart', seq);
    await stop(before);

    await publish('app.deleted', appDeleted('restart-while-stopped-1'));
    const last = await publish('app.deleted', appDeleted('restart-while-stopped-2'));
    await start(options);
    await handled.apps('restart-while-stopped-1', 'restart-while-stopped-2');
    await settledUpTo('it-restart', last);
    expect(handled.appIds).toEqual(['restart-before', 'restart-while-stopped-1', 'restart-while-stopped-2']);
  });

  it('starts a new durable from the first event of the stream, so what happened before its first start is not missed', async () => {
    const handled = new Handled('new-');
    await publish('app.deleted', appDeleted('new-before-the-consumer-existed'));
    await start({ durable: 'it-new', kinds: ['app.deleted'], handle: async (event) => handled.record(event) });
    await handled.apps('new-before-the-consumer-existed');
  });

  it('shares the durable between replicas: each event is handled by one of them', async () => {
    const handled = new Handled('shared-');
    const options: EventConsumerOptions<'app.deleted'> = {
      durable: 'it-replicas',
      kinds: ['app.deleted'],
      handle: async (event) => handled.record(event),
    };
    await start(options);
    await start(options);
    const appIds = Array.from({ length: 20 }, (_, i) => `shared-${i}`);
    let last = 0;
    for (const appId of appIds) last = await publish('app.deleted', appDeleted(appId));
    await handled.apps(...appIds);
    await settledUpTo('it-replicas', last);
    expect([...handled.appIds].sort()).toEqual([...appIds].sort());
  });

  it('hands several kinds to one handler and leaves the others out', async () => {
    const handled = new Handled('kinds-');
    await start({ durable: 'it-kinds', kinds: ['app.deleted', 'app.updated'], handle: async (event) => handled.record(event) });
    await publish('app.created', { ...appDeleted('kinds-created'), event: 'app.created' });
    await publish('app.updated', { ...appDeleted('kinds-updated'), event: 'app.updated', data: { app: {}, changed: ['name'] } });
    const seq = await publish('app.deleted', appDeleted('kinds-deleted'));
    await handled.apps('kinds-updated', 'kinds-deleted');
    await settledUpTo('it-kinds', seq);
    expect(handled.events.map((event) => event.event)).toEqual(['app.updated', 'app.deleted']);
  });

  it('stops once the event in progress is handled, and its next start takes the ones it had not begun', async () => {
    const handled = new Handled('stop-');
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began = false;
    const first = await start({
      durable: 'it-stop',
      kinds: ['app.deleted'],
      handle: async (event) => {
        if (event.app_id === 'stop-slow') {
          began = true;
          await blocked;
        }
        handled.record(event);
      },
    });
    await publish('app.deleted', appDeleted('stop-slow'));
    const last = await publish('app.deleted', appDeleted('stop-queued-behind'));
    await until('the slow handler began', async () => began, Boolean);
    let stopped = false;
    const stopping = stop(first).then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(handled.appIds).toEqual(['stop-slow']);

    await start({ durable: 'it-stop', kinds: ['app.deleted'], handle: async (event) => handled.record(event) });
    await handled.apps('stop-queued-behind');
    await settledUpTo('it-stop', last);
    expect(handled.appIds).toEqual(['stop-slow', 'stop-queued-behind']);
  });
});
