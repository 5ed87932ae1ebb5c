import { Logger, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import {
  connectNats,
  currentRequestContext,
  loadConfig,
  metricsText,
  runInRequestContext,
  serviceEnv,
  ServiceKitModule,
  type RequestContext,
} from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import {
  createScratchDatabase,
  readAllEvents,
  startNatsServer,
  startServiceApp,
  waitForEvents,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { AddOutboxTrace1763900001600 } from './add-outbox-trace.migration';
import { CreateOutbox1763700000000 } from './create-outbox.migration';
import { OutboxEventEntity } from './outbox-event.entity';
import { OutboxModule } from './outbox.module';
import { OutboxService } from './outbox.service';
import { consumeEvents } from './event-consumer';

@Module({})
class PublisherModule {
  static with(databaseUrl: string, natsUrl: string, relayEnabled: boolean, env: NodeJS.ProcessEnv = {}): DynamicModule {
    const config = loadConfig(serviceEnv, { ...env, DATABASE_URL: databaseUrl, NATS_URL: natsUrl });
    return {
      module: PublisherModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'apps-service', config, healthRoute: false }),
        DatabaseModule.forService({
          schema: 'outbox_it',
          entities: [OutboxEventEntity],
          migrations: [CreateOutbox1763700000000, AddOutboxTrace1763900001600],
        }),
        { ...OutboxModule.forService({ enabled: relayEnabled, pollIntervalMs: 200 }), global: true },
      ],
    };
  }
}

describe('transactional outbox and its relay', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  /** the publisher's own role, owner of its schema, as a service's is */
  let publisherDatabaseUrl: string;
  let observer: NatsConnection;
  let publisher: INestMicroservice | undefined;

  async function startPublisher(relayEnabled: boolean, env: NodeJS.ProcessEnv = {}): Promise<INestMicroservice> {
    publisher = await startServiceApp('apps-service', PublisherModule.with(publisherDatabaseUrl, nats.url, relayEnabled, env), nats.url);
    return publisher;
  }

  async function enqueueCommitted(app: INestMicroservice, appIds: string[]): Promise<void> {
    const outbox = app.get(OutboxService);
    await app.get(DataSource).transaction(async (manager) => {
      for (const appId of appIds) {
        await outbox.enqueue(manager, { kind: 'app.deleted', accountId: 7, appId, data: { app: { id: appId, name: appId } } });
      }
    });
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_outbox_it');
    publisherDatabaseUrl = await database.provisionSchema('outbox_it');
    observer = await connectNats(nats.url, 'outbox-observer');
  });

  afterEach(async () => {
    await publisher?.close();
    publisher = undefined;
  });

  afterAll(async () => {
    await observer?.drain();
    await database?.drop();
    await nats?.stop();
  });

  it('publishes a committed event with the envelope of decisions.md', async () => {
    const app = await startPublisher(true);
    await enqueueCommitted(app, ['committed1']);
    const events = await waitForEvents(observer, (all) => all.some((e) => e.app_id === 'committed1'));
    const event = events.find((e) => e.app_id === 'committed1');
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      event: 'app.deleted',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      account_id: 7,
      app_id: 'committed1',
      data: { app: { id: 'committed1', name: 'committed1' } },
    });
  });

  it('asks for EVENTS_STREAM_REPLICAS replicas, and where its single NATS server cannot keep them logs why and still publishes', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const app = await startPublisher(true, { EVENTS_STREAM_REPLICAS: '3' });
      expect(error.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringMatching(/^EVENTS_STREAM_REPLICAS is 3 but stream EVENTS has 1 replica\(s\): /),
      ]);
      await enqueueCommitted(app, ['unreplicated']);
      await waitForEvents(observer, (all) => all.some((e) => e.app_id === 'unreplicated'));
    } finally {
      error.mockRestore();
    }
  });

  it('publishes nothing for a transaction that rolls back', async () => {
    const app = await startPublisher(true);
    const outbox = app.get(OutboxService);
    await expect(
      app.get(DataSource).transaction(async (manager) => {
        await outbox.enqueue(manager, { kind: 'app.deleted', accountId: 7, appId: 'rolledback', data: { app: { id: 'rolledback', name: 'x' } } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await enqueueCommitted(app, ['after-rollback']);
    const events = await waitForEvents(observer, (all) => all.some((e) => e.app_id === 'after-rollback'));
    expect(events.some((e) => e.app_id === 'rolledback')).toBe(false);
  });

  it('loses nothing when the process dies between commit and publish', async () => {
    const before = (await readAllEvents(observer)).length;
    const ids = Array.from({ length: 25 }, (_, i) => `crash-${i}`);
    const withoutRelay = await startPublisher(false);
    await enqueueCommitted(withoutRelay, ids);
    await withoutRelay.close();
    publisher = undefined;
    expect((await readAllEvents(observer)).length).toBe(before);

    await startPublisher(true);
    const events = await waitForEvents(observer, (all) => all.length >= before + ids.length);
    expect(events.filter((e) => ids.includes(e.app_id ?? '')).map((e) => e.app_id)).toEqual(ids);
  });

  it('publishes none twice when it dies after publishing but before marking rows published', async () => {
    const app = await startPublisher(true);
    await enqueueCommitted(app, ['twice-1', 'twice-2']);
    await waitForEvents(observer, (all) => all.some((e) => e.app_id === 'twice-2'));
    const count = (await readAllEvents(observer)).length;

    // What a crash right after the JetStream ack leaves behind: rows that look unpublished.
    await app.get(DataSource).query('UPDATE outbox SET published_at = NULL');
    await app.get(DataSource).query("SELECT pg_notify('appgen_outbox', 'outbox_it')");
    const deadline = Date.now() + 5000;
    let pending = -1;
    while (pending !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [{ pending }] = await app.get(DataSource).query('SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL');
    }
    expect(pending).toBe(0);
    const events = await readAllEvents(observer);
    expect(events.length).toBe(count);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("carries the recording request's id and trace to the consumer, which continues the trace in a span of its own", async () => {
    const app = await startPublisher(true);
    const recorded: RequestContext = {
      requestId: 'traced-request',
      trace: { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true },
    };
    const seen: Array<RequestContext | undefined> = [];
    const consumer = await consumeEvents(observer, {
      durable: 'outbox-it-traced',
      kinds: ['app.deleted'],
      handle: async (event) => {
        if (event.app_id === 'traced') seen.push(currentRequestContext());
      },
    });
    try {
      await runInRequestContext(recorded, () => enqueueCommitted(app, ['traced']));
      const deadline = Date.now() + 10_000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen[0]?.requestId).toBe('traced-request');
      expect(seen[0]?.trace?.traceId).toBe(recorded.trace?.traceId);
      expect(seen[0]?.trace?.spanId).not.toBe(recorded.trace?.spanId);
      const { body } = await metricsText();
      expect(body).toMatch(/appgen_outbox_published_total\{kind="app.deleted"[^}]*\} [1-9]/);
      expect(body).toMatch(/appgen_events_handled_total\{durable="outbox-it-traced",kind="app.deleted",outcome="ok"[^}]*\} [1-9]/);
      expect(body).toMatch(/appgen_outbox_oldest_unpublished_seconds(\{[^}]*\})? 0\n/);
      expect(body).toMatch(/appgen_events_consumer_pending\{durable="outbox-it-traced",state="waiting"[^}]*\} \d+/);
    } finally {
      await consumer.stop();
    }
  });
});
