// Benchmark: webhook fan-out, from an event published to EVENTS to its signed deliveries at the receivers.
// One webhooks-service process (built, started like production) on a private NATS and a scratch database;
// 4 accounts with 25 subscriptions each, created over NATS as the gateway does, all pointing at one local
// HTTP receiver (node:http, keep-alive) in this process that verifies every signature with the README's
// snippet. Events are published the way the outbox relay does (JetStream, msgID = event id); each envelope's
// `timestamp` is its publish time, so event-to-delivery latency is read at the receiver. Three runs:
//   warm-up  a few events, not measured, so sockets and code paths are warm;
//   burst    BURST_EVENTS events published at once (25 deliveries each): deliveries/s from the first
//            delivery to the last (target >= 1,000/s), and latency p50/p99 (queueing included);
//   steady   events offered at STEADY_RATE deliveries/s for STEADY_SECONDS: latency p50/p99 at that rate
//            (target p99 < 250 ms) and the rate delivered.
// A missing delivery or a signature that does not verify fails the benchmark (non-zero exit code).
// Duplicates (at-least-once) are counted and shown, not failed. After each run the database is asked how
// many deliveries needed more than one attempt or are not `succeeded`.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import pg from 'pg';
import { freePort, ROOT, startPlatform } from '../platform/platform.mjs';

const require = createRequire(import.meta.url);
const { eventSubject, WebhooksSubjects } = require(join(ROOT, 'dist/libs/contracts/src/index.js'));
const { RpcClient } = require(join(ROOT, 'dist/libs/service-kit/src/index.js'));
// verifyWebhook is the README's verification snippet.
const { createScratchDatabase, startNatsServer, testCaller, verifyWebhook } = require(join(ROOT, 'dist/libs/testing/src/index.js'));
const { ensureEventsStream } = require(join(ROOT, 'dist/libs/outbox/src/index.js'));

const ACCOUNTS = 4;
const SUBSCRIPTIONS_PER_ACCOUNT = 25;
const KINDS = ['app.created', 'app.updated'];
const WARMUP_EVENTS = 8;
const BURST_EVENTS = 400;
/** Events per publish round in the burst, as the relay publishes a batch of outbox rows at once. */
const PUBLISH_BATCH = 100;
const STEADY_RATE = 1000;
const STEADY_SECONDS = 10;
/**
 * Deliveries in flight at once: WEBHOOK_CONCURRENCY from the environment, else this. Passed to the service
 * explicitly so the printed figure is the one it ran with (it validates the value at start).
 */
const DEFAULT_CONCURRENCY = '256';
const TARGET_RATE = 1000;
const TARGET_P99_MS = 250;
/** A run ends when every delivery arrived, or when none arrived for this long. */
const STALL_MS = 30_000;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Receives every delivery, verifies it, and files it under the run named in the event's data. */
class Receiver {
  constructor() {
    /** path → secret of the subscription that posts there. */
    this.secrets = new Map();
    this.runs = new Map();
    this.badSignatures = 0;
    this.unexpected = 0;
    this.server = createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const at = Date.now();
        const raw = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(request.url);
        const signature = request.headers['x-service-signature'];
        response.end('ok');
        if (secret === undefined || typeof signature !== 'string' || !verifyWebhook(secret, signature, raw)) {
          this.badSignatures += 1;
          return;
        }
        const event = JSON.parse(raw);
        const run = this.runs.get(event.data?.bench_run);
        if (!run) {
          this.unexpected += 1;
          return;
        }
        const key = `${event.id} ${request.url}`;
        if (run.received.has(key)) {
          run.duplicates += 1;
          return;
        }
        run.received.set(key, at - Date.parse(event.timestamp));
        run.first ??= at;
        run.last = at;
      });
    });
    // Longer than the service ever leaves a socket idle in a run, so no request meets a closing socket.
    this.server.keepAliveTimeout = 60_000;
  }

  listen() {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(this.server.address().port)));
  }

  run(name) {
    const run = { name, expected: 0, received: new Map(), duplicates: 0, first: undefined, last: undefined, publishedFirst: undefined, publishedLast: undefined };
    this.runs.set(name, run);
    return run;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

function envelope(run, accountId, index) {
  return {
    id: randomUUID(),
    event: KINDS[index % KINDS.length],
    timestamp: new Date().toISOString(),
    account_id: accountId,
    app_id: `bench${String(index).padStart(7, '0')}`,
    data: { app: { id: `bench${String(index).padStart(7, '0')}`, name: `Bench app ${index}` }, bench_run: run.name },
  };
}

async function publish(js, run, accountId, index) {
  const event = envelope(run, accountId, index);
  const sentAt = Date.parse(event.timestamp);
  run.publishedFirst ??= sentAt;
  run.publishedLast = sentAt;
  run.expected += SUBSCRIPTIONS_PER_ACCOUNT;
  await js.publish(eventSubject(event.event), new TextEncoder().encode(JSON.stringify(event)), { msgID: event.id });
}

async function settle(run) {
  let seen = -1;
  let since = Date.now();
  while (run.received.size < run.expected) {
    if (run.received.size !== seen) {
      seen = run.received.size;
      since = Date.now();
    } else if (Date.now() - since > STALL_MS) {
      return;
    }
    await sleep(20);
  }
}

function summarize(run) {
  const latencies = [...run.received.values()].sort((a, b) => a - b);
  const received = run.received.size;
  const span = (run.last ?? 0) - (run.first ?? 0);
  return {
    name: run.name,
    expected: run.expected,
    received,
    missing: run.expected - received,
    duplicates: run.duplicates,
    ratePerSecond: span > 0 ? ((received - 1) / span) * 1000 : NaN,
    publishToLastMs: (run.last ?? NaN) - run.publishedFirst,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
  };
}

async function databaseCounts(db, run) {
  const { rows } = await db.query(
    `SELECT count(*) FILTER (WHERE attempts > 1)::int AS retried, count(*) FILTER (WHERE status <> 'succeeded')::int AS unfinished
       FROM webhooks.deliveries WHERE body::jsonb -> 'data' ->> 'bench_run' = $1`,
    [run.name],
  );
  return rows[0];
}

export async function benchWebhooks({ burstEvents = BURST_EVENTS, steadyRate = STEADY_RATE, steadySeconds = STEADY_SECONDS } = {}) {
  const concurrency = process.env.WEBHOOK_CONCURRENCY ?? DEFAULT_CONCURRENCY;
  const nats = await startNatsServer();
  const database = await createScratchDatabase('appgen_bench_wh');
  const logDir = mkdtempSync(join(tmpdir(), 'appgen-bench-wh-'));
  const receiver = new Receiver();
  const db = new pg.Client({ connectionString: database.url });
  let platform;
  let connection;
  try {
    const receiverPort = await receiver.listen();
    platform = await startPlatform({
      env: {
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_CONCURRENCY: concurrency,
        LOG_LEVEL: 'warn',
      },
      ports: { 'webhooks-service': await freePort() },
      services: ['webhooks-service'],
      logDir,
      quiet: true,
    });
    if (platform.skipped.length > 0) throw new Error(`not built: ${platform.skipped.join(', ')}`);
    connection = await connect({ servers: nats.url });
    await ensureEventsStream(connection);
    const js = connection.jetstream();
    const rpc = new RpcClient(connection, 10_000);
    await db.connect();

    const accountIds = Array.from({ length: ACCOUNTS }, (_, i) => 810_001 + i);
    for (const accountId of accountIds) {
      for (let i = 0; i < SUBSCRIPTIONS_PER_ACCOUNT; i += 1) {
        const path = `/hooks/${accountId}/${i}`;
        const { webhook } = await rpc.request(WebhooksSubjects.create, {
          caller: testCaller(accountId),
          url: `http://127.0.0.1:${receiverPort}${path}`,
          events: KINDS,
          name: `Bench receiver ${i}`,
        });
        receiver.secrets.set(path, webhook.secret);
      }
    }

    const warmup = receiver.run('warmup');
    for (let i = 0; i < WARMUP_EVENTS; i += 1) await publish(js, warmup, accountIds[i % ACCOUNTS], i);
    await settle(warmup);
    if (warmup.received.size < warmup.expected) throw new Error(`warm-up: ${warmup.received.size} of ${warmup.expected} deliveries arrived`);

    const burst = receiver.run('burst');
    for (let start = 0; start < burstEvents; start += PUBLISH_BATCH) {
      const batch = [];
      for (let i = start; i < Math.min(burstEvents, start + PUBLISH_BATCH); i += 1) batch.push(publish(js, burst, accountIds[i % ACCOUNTS], i));
      await Promise.all(batch);
    }
    await settle(burst);

    // Events at fixed moments (not after each other's acks), so a slow publish does not lower the rate offered.
    const steady = receiver.run('steady');
    const events = Math.round((steadyRate / SUBSCRIPTIONS_PER_ACCOUNT) * steadySeconds);
    const intervalMs = 1000 / (steadyRate / SUBSCRIPTIONS_PER_ACCOUNT);
    const began = Date.now();
    const published = [];
    for (let i = 0; i < events; i += 1) {
      const wait = began + i * intervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      published.push(publish(js, steady, accountIds[i % ACCOUNTS], i));
    }
    await Promise.all(published);
    await settle(steady);

    const results = { concurrency, subscriptions: ACCOUNTS * SUBSCRIPTIONS_PER_ACCOUNT, steadyRate, runs: [], logDir };
    for (const run of [burst, steady]) results.runs.push({ ...summarize(run), ...(await databaseCounts(db, run)) });
    results.badSignatures = receiver.badSignatures;
    results.unexpected = receiver.unexpected;
    return results;
  } finally {
    await connection?.drain().catch(() => undefined);
    await db.end().catch(() => undefined);
    await platform?.stop();
    await receiver.close();
    await database.drop();
    await nats.stop();
  }
}

const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** Prints the runs and the targets; returns the problems that fail the benchmark (missing, bad signatures). */
export function printWebhooks(results) {
  const { concurrency } = results;
  const [burst, steady] = results.runs;
  console.log(
    `\nWebhook fan-out: ${ACCOUNTS} accounts x ${SUBSCRIPTIONS_PER_ACCOUNT} subscriptions, one local receiver (WEBHOOK_CONCURRENCY=${concurrency})`,
  );
  console.log('                                 delivered   per s    p50 ms   p99 ms   max ms   dupl  retried  unfinished');
  for (const [label, r] of [
    [`burst (${BURST_EVENTS} events at once)`, burst],
    [`steady (${results.steadyRate}/s offered)`, steady],
  ]) {
    console.log(
      `  ${label.padEnd(30)} ${`${r.received}/${r.expected}`.padStart(11)} ${fmt(r.ratePerSecond).padStart(7)} ${fmt(r.p50).padStart(9)} ${fmt(r.p99).padStart(8)} ${fmt(r.max).padStart(8)} ${String(r.duplicates).padStart(6)} ${String(r.retried).padStart(8)} ${String(r.unfinished).padStart(11)}`,
    );
  }
  console.log(`  burst: first publish to last delivery ${fmt(burst.publishToLastMs)} ms; rate counted from the first delivery to the last`);
  console.log(`  signatures that did not verify: ${results.badSignatures}; deliveries of unknown events: ${results.unexpected}`);
  console.log(`  burst >= ${TARGET_RATE} deliveries/s: ${burst.ratePerSecond >= TARGET_RATE ? 'met' : 'NOT met'}`);
  console.log(
    `  steady p99 < ${TARGET_P99_MS} ms at ${results.steadyRate}/s (delivered ${fmt(steady.ratePerSecond)}/s): ${steady.p99 < TARGET_P99_MS && steady.missing === 0 ? 'met' : 'NOT met'}`,
  );
  const problems = [];
  for (const r of results.runs) if (r.missing > 0) problems.push(`${r.name}: ${r.missing} of ${r.expected} deliveries never arrived`);
  if (results.badSignatures > 0) problems.push(`${results.badSignatures} deliveries carried a signature that does not verify`);
  if (results.unexpected > 0) problems.push(`${results.unexpected} deliveries of events the benchmark did not publish`);
  return problems;
}
