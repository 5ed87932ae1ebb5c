// What the webhooks-service specs share: the service over a private NATS and scratch database, a receiver, helpers.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { INestMicroservice } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { eventSubject, WebhooksSubjects, type DomainEvent, type EventKind } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadWebhooksConfig } from './config/webhooks.config';

jest.setTimeout(60_000);

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export const RECEIVER_PORT = 6100;
export const ACCOUNT = 7001;
export const OTHER_ACCOUNT = 7002;
export const caller = testCaller(ACCOUNT);
export const page = { page: 1, per_page: 25 };

export let nats: NatsServerHandle;
export let database: ScratchDatabase;
export let app: INestMicroservice | undefined;
export let connection: NatsConnection;
export let rpc: RpcClient;
export let sql: Client;
export let receiver: Server;
export const received: Received[] = [];
/** Status codes each receiver path answers with, in order; 200 once a script runs out. */
export const scripts = new Map<string, number[]>();
export const config = loadWebhooksConfig({
  NATS_URL: 'nats://127.0.0.1:4222',
  SECRETS_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1',
  WEBHOOK_TIMEOUT_MS: '2000',
  // Few slots overall, so a receiver allowed to take them all would visibly stall the others.
  WEBHOOK_CONCURRENCY: '10',
  WEBHOOK_PER_ENDPOINT_CONCURRENCY: '8',
  LOG_LEVEL: 'warn',
});

export function receiverUrl(path: string): string {
  return `http://127.0.0.1:${RECEIVER_PORT}${path}`;
}

export async function boot(): Promise<void> {
  app = await startServiceApp('webhooks-service', AppModule.forConfig({ ...config, DATABASE_URL: database.url, NATS_URL: nats.url }), nats.url);
}

/** Stops the service (a spec restarts it with boot()). */
export async function shutDown(): Promise<void> {
  await app?.close();
  app = undefined;
}

export function envelope(kind: EventKind, accountId = ACCOUNT): DomainEvent {
  return {
    id: randomUUID(),
    event: kind,
    timestamp: new Date().toISOString(),
    account_id: accountId,
    app_id: 'recipes00001',
    data: { app: { id: 'recipes00001', name: 'Recipe Box' } },
  } as DomainEvent;
}

export async function publish(event: DomainEvent, msgID = event.id): Promise<string> {
  const raw = JSON.stringify(event);
  await connection.jetstream().publish(eventSubject(event.event), new TextEncoder().encode(raw), { msgID });
  return raw;
}

export async function eventually<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const at = (path: string): Received[] => received.filter((entry) => entry.path === path);

export async function subscribe(path: string, events: EventKind[] = ['app.created'], who = caller) {
  const { webhook } = await rpc.request(WebhooksSubjects.create, { caller: who, url: receiverUrl(path), events });
  return webhook;
}

/** Starts what these specs run against before them, and stops it after them. */
export function useWebhooksServiceUnderTest(): void {
  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase('appgen_wh_it')]);
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = scripts.get(path)?.shift() ?? 200;
        // A slow receiver answers after 2.5 s, past the 2 s timeout the service runs with here.
        if (path.startsWith('/slow')) setTimeout(() => response.end('late'), 2500);
        // A held receiver answers within the timeout, but only after 1 s: its delivery is in flight meanwhile.
        else if (path.startsWith('/held')) setTimeout(() => response.end('ok'), 1000);
        else response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
    await boot();
    connection = await connect({ servers: nats.url });
    rpc = new RpcClient(connection, 15_000);
    sql = new Client({ connectionString: database.url, options: '-c search_path=webhooks' });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await connection?.drain();
    await app?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await Promise.all([nats?.stop(), database?.drop()]);
  });
}
