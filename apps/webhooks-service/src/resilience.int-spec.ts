import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestMicroservice } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { eventSubject, WebhooksSubjects, type DomainEvent } from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadWebhooksConfig } from './config/webhooks.config';

jest.setTimeout(120_000);

/**
 * Issue 4's "nothing is lost if NATS or Postgres restarts mid-stream": a burst of events is fanned out while
 * the bus is killed and started again, or while every database connection of the service is cut, and each
 * event still reaches the subscriber, a repeat carrying the same delivery id.
 */

const ACCOUNT = 7101;
const caller = testCaller(ACCOUNT);

let nats: NatsServerHandle;
let database: ScratchDatabase;
let app: INestMicroservice | undefined;
let bus: NatsConnection;
let receiver: Server;
let receiverBase = '';
/** delivery ids seen per event id, per receiver path */
const seen = new Map<string, Map<string, Set<string>>>();

const config = loadWebhooksConfig({
  NATS_URL: 'nats://127.0.0.1:4222',
  SECRETS_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
  LOG_LEVEL: 'error',
});

function envelope(): DomainEvent {
  return {
    id: randomUUID(),
    event: 'app.updated',
    timestamp: new Date().toISOString(),
    account_id: ACCOUNT,
    app_id: 'recipes00001',
    data: { app: { id: 'recipes00001', name: 'Recipe Box' }, changed: ['name'] },
  } as DomainEvent;
}

/** Publishes as the outbox relay does (msgID = event id), retrying while the bus is away, as the relay would. */
async function publish(events: DomainEvent[]): Promise<void> {
  const js = bus.jetstream();
  for (const event of events) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await js.publish(eventSubject(event.event), new TextEncoder().encode(JSON.stringify(event)), { msgID: event.id });
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
}

/**
 * Subscribes the receiver's `path`. Right after the bus restarted, the service may still be taking up its
 * subscriptions: a caller retries a 503 or 504 then, as clients of a restarted bus do; any other failure is the
 * test's, and says what it was.
 */
async function subscribe(path: string): Promise<void> {
  const rpc = new RpcClient(bus, 15_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await rpc.request(WebhooksSubjects.create, { caller, url: `${receiverBase}${path}`, events: ['app.updated'] });
      return;
    } catch (error) {
      const transient = error instanceof AppgenError && (error.status === 503 || error.status === 504);
      if (!transient || attempt >= 20) {
        throw new Error(`subscribing ${path} failed: ${error instanceof AppgenError ? `${error.status} ${JSON.stringify(error.body)}` : String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function received(path: string): Map<string, Set<string>> {
  let byEvent = seen.get(path);
  if (!byEvent) seen.set(path, (byEvent = new Map()));
  return byEvent;
}

async function waitForAll(path: string, events: DomainEvent[], timeoutMs = 60_000): Promise<Map<string, Set<string>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const byEvent = received(path);
    const missing = events.filter((event) => !byEvent.has(event.id));
    if (missing.length === 0) return byEvent;
    if (Date.now() > deadline) throw new Error(`${missing.length} of ${events.length} events never reached ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitForCount(path: string, count: number): Promise<void> {
  while (received(path).size < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase('appgen_wh_resilience')]);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      const byEvent = received(request.url ?? '/');
      const deliveries = byEvent.get(body.id) ?? new Set<string>();
      deliveries.add(String(request.headers['x-service-delivery']));
      byEvent.set(body.id, deliveries);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startServiceApp('webhooks-service', AppModule.forConfig({ ...config, DATABASE_URL: database.url, NATS_URL: nats.url }), nats.url);
  bus = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
});

afterAll(async () => {
  await bus?.close();
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await Promise.all([nats?.stop(), database?.drop()]);
});

const expectOneDeliveryEach = (byEvent: Map<string, Set<string>>, events: DomainEvent[]): void => {
  for (const event of events) expect(byEvent.get(event.id)?.size).toBe(1);
};

it('delivers every event of a burst during which NATS is killed and started again', async () => {
  await subscribe('/nats-restart');
  const before = Array.from({ length: 300 }, envelope);
  const after = Array.from({ length: 100 }, envelope);
  await publish(before);
  await waitForCount('/nats-restart', 50);
  await nats.restart();
  await publish(after);
  const byEvent = await waitForAll('/nats-restart', [...before, ...after]);
  expectOneDeliveryEach(byEvent, [...before, ...after]);
});

it("delivers every event of a burst during which every database connection of the service is cut", async () => {
  await subscribe('/postgres-cut');
  const events = Array.from({ length: 300 }, envelope);
  const admin = new Client({ connectionString: database.url });
  await admin.connect();
  try {
    await publish(events);
    await waitForCount('/postgres-cut', 50);
    const cut = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    expect(cut.rowCount).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  const byEvent = await waitForAll('/postgres-cut', events);
  expectOneDeliveryEach(byEvent, events);
});
