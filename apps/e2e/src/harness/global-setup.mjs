/**
 * Jest globalSetup for the end-to-end tests. Runs once, in jest's own process, before any test file:
 *   1. builds dist/ if it is older than the sources;
 *   2. creates a fresh database appgen_e2e_<random> on the Postgres of DATABASE_URL;
 *   3. starts a private nats-server with JetStream on a free port (nothing shared with other runs);
 *   4. starts every built service with two gateway replicas on free ports (tools/platform/platform.mjs),
 *      with Redis-shared rate limits under a key prefix of its own, mail as .eml files in a temp dir, and
 *      supervised as under npm start (a process that dies on its own is restarted);
 *   5. starts the control server: a loopback HTTP endpoint through which a test kills, starts or restarts a
 *      service. Tests run in jest's module sandbox, which cannot share the platform handle held here, so
 *      they ask over HTTP (POST /kill|/start|/restart {name, signal?, env?}, POST /pids); see
 *      src/support/platform-control.ts.
 *   6. writes what tests need to <tmp>/state.json and puts its path in APPGEN_E2E_STATE (tests inherit it).
 * global-teardown.mjs undoes all of it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, mkdtempSync, openSync, closeSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import { cleanup } from './cleanup.mjs';
import { buildIfStale } from '../../../../tools/platform/dist.mjs';
import { SERVICES, freePort, startPlatform } from '../../../../tools/platform/platform.mjs';
import { DEFAULTS, checkPostgres, checkRedis, ensureDatabase, withDatabase } from '../../../../tools/platform/preflight.mjs';

export const STATE_ENV = 'APPGEN_E2E_STATE';

function findNatsServer() {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'nats-server'), constants.X_OK);
      return join(dir, 'nats-server');
    } catch {
      // not in this one
    }
  }
  throw new Error(
    'The end-to-end tests start their own nats-server, which is not installed. On Debian:\n' +
      '  sudo apt-get install -y nats-server\n' +
      '(or put a nats-server 2.9+ binary from https://github.com/nats-io/nats-server/releases on PATH)',
  );
}

async function startNats(dir, logDir) {
  const port = await freePort();
  const log = openSync(join(logDir, 'nats-server.log'), 'w');
  const child = spawn(findNatsServer(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nats-server exited (code ${child.exitCode}); see ${join(logDir, 'nats-server.log')}`);
    try {
      const connection = await connect({ servers: url, timeout: 1000, reconnect: false });
      await connection.jetstreamManager();
      await connection.close();
      return { child, url };
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`nats-server did not answer on ${url} within 15 s; see ${join(logDir, 'nats-server.log')}`);
}

function startControlServer(platform) {
  const actions = {
    kill: (body) => platform.kill(body.name, body.signal),
    start: (body) => platform.start(body.name, body.env),
    restart: (body) => platform.restart(body.name, body.env),
    // For tests that kill a process behind the platform's back, as a crash would.
    pids: () => platform.pids(),
  };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      const action = actions[(request.url ?? '').replace(/^\//, '')];
      const reply = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || !action) return reply(404, { error: 'POST /kill, /start, /restart or /pids' });
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        const result = await action(body);
        reply(200, result ?? { ok: true });
      } catch (error) {
        reply(500, { error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

export default async function globalSetup() {
  const run = randomBytes(4).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), `appgen-e2e-${run}-`));
  // Whatever happens next, cleanup can undo what was done so far.
  const harness = { dir, logDir: join(dir, 'logs'), run };
  globalThis.__appgenE2e = harness;
  // If jest itself is interrupted, the detached processes must not outlive it.
  process.once('exit', () => {
    harness.nats?.kill('SIGKILL');
  });
  try {
    await setUp(harness);
  } catch (error) {
    // Jest skips globalTeardown when globalSetup throws, so undo here, keeping the logs to look at.
    globalThis.__appgenE2e = undefined;
    await cleanup(harness, { keepLogs: true });
    // Our own failures explain themselves (what is missing, a process's last log lines); a stack into
    // the harness would only bury that. Programming errors (TypeError, ...) keep theirs.
    if (error instanceof Error && error.constructor === Error) error.stack = `appgen e2e setup failed:\n${error.message}`;
    throw error;
  }
}

async function setUp(harness) {
  const started = Date.now();
  const { dir, logDir, run } = harness;
  const mailDir = join(dir, 'mail');
  const natsDir = join(dir, 'nats');
  for (const d of [logDir, mailDir, natsDir]) mkdirSync(d, { recursive: true });

  buildIfStale();

  const baseUrl = process.env.DATABASE_URL || DEFAULTS.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || DEFAULTS.REDIS_URL;
  const problems = (await Promise.all([checkPostgres(baseUrl), checkRedis(redisUrl)])).filter(Boolean);
  if (problems.length > 0) throw new Error(problems.join('\n\n'));

  const databaseUrl = withDatabase(baseUrl, `appgen_e2e_${run}`);
  harness.databaseUrl = databaseUrl;
  await ensureDatabase(databaseUrl);

  const nats = await startNats(natsDir, logDir);
  harness.nats = nats.child;

  const redisKeyPrefix = `appgen_e2e_${run}`;
  harness.redis = { url: redisUrl, prefix: redisKeyPrefix };
  const edgePort = await freePort();
  const edgeTlsPort = await freePort();
  const ports = { gateway: [await freePort(), await freePort()] };
  for (const { name } of SERVICES.filter((s) => s.name !== 'gateway')) ports[name] = await freePort();
  const platform = await startPlatform({
    ports,
    metricsPorts: { gateway: [await freePort(), await freePort()] },
    logDir,
    gatewayReplicas: 2,
    quiet: false,
    supervise: true,
    env: {
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      MAIL_DIR: mailDir,
      MAIL_URL: '',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Every reply between services is checked against its contract's reply schema: a drift is a 500 the specs see.
      CONTRACT_CHECK_REPLIES: 'true',
      // Retries a second apart and a 2 s receive timeout instead of 5 s..10 h and 10 s, so a spec sees a
      // delivery retried, timed out and given up within seconds; the order and count of retries are the same.
      WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1',
      WEBHOOK_TIMEOUT_MS: '2000',
      // Every test request comes from 127.0.0.1: one per-IP bucket for the whole suite. The per-IP
      // limit itself is tested on a replica restarted with a small one.
      ANONYMOUS_RATE_LIMIT: '100000',
      OAUTH_REGISTRATION_RATE_LIMIT: '100000',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      // The specs stand in for a proxy in front of the gateways: from loopback, X-Forwarded-For names the visitor,
      // so per-IP limits can be driven from many addresses (anonymous-builds.e2e-spec.ts).
      TRUSTED_PROXIES: '127.0.0.1/32, ::1/128',
      EDGE_PORT: String(edgePort),
      EDGE_TLS_PORT: String(edgeTlsPort),
      SITE_URL: `http://127.0.0.1:${ports.gateway[0]}`,
    },
  });
  harness.platform = platform;

  const control = await startControlServer(platform);
  harness.control = control;

  const state = {
    gateways: platform.urls.gateways,
    api: platform.urls.api,
    site: platform.urls.site,
    edge: platform.urls.edge,
    edgeTls: platform.urls.edgeTls,
    health: platform.urls.health,
    metrics: platform.urls.metrics,
    skipped: platform.skipped,
    databaseUrl,
    databaseUrls: platform.databaseUrls,
    natsUrl: nats.url,
    redisUrl,
    redisKeyPrefix,
    mailDir,
    logDir,
    controlUrl: `http://127.0.0.1:${control.address().port}`,
  };
  const statePath = join(dir, 'state.json');
  writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
  process.env[STATE_ENV] = statePath;
  console.log(`appgen e2e platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in ${logDir})`);
}
