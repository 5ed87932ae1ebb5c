// Benchmark: the edge's read path, by Host header, as browsers load a generated app. On a private NATS server
// and a scratch database it starts gateway, apps-service, users-service, generation-service,
// deployment-service and the edge from dist/, generates two apps through the API (one public, one
// `login_required`) with the blueprint engine and waits until the edge serves their previews, signs an app user
// in to the private one through the edge (`/_api/auth/request_code`, the code read from the mailed .eml,
// `/_api/auth/verify`), then stops gateway and generation-service, so that only what a read touches runs:
// the edge, apps-service, deployment-service, users-service and NATS. Then each pass loads one address for
// `seconds` at `connections` (autocannon, keep-alive), after `warmup` seconds of the same load:
//   public  /              index.html of the public app's preview             200
//   public  asset          its JS bundle                                        200
//   public  /_api/auth/me  no session                                           401 JSON
//   private /              the login_required app's index.html, signed in       200
//   private asset          its JS bundle, signed in                             200
//   private /_api/auth/me  signed in                                            200 JSON
// Each figure is the median of `rounds` passes (the six addresses take turns): requests/s, mean, p50 and p99
// latency, the answers with another status than the one expected (plus errors and timeouts), and the edge's
// CPU time per request (from /proc, Linux only). Everything a pass reads is cached by the edge (app and bundle
// for RUNTIME_CACHE_MS, files by build, sessions), so this measures the edge's own cost per request.
// autocannon runs on the same machine: at many connections requests/s also depends on how the edge's answers
// are grouped (fewer, larger bursts wake the client less often), so read it with the CPU time per request;
// `--connections 1` shows what one request costs on its own.
//
// `--root DIR` runs another checkout's dist/ (its own tools/platform starts it), so two commits can be
// compared with the same benchmark: `node tools/bench/edge-read.mjs --root <worktree> [--json]`.
// EDGE_NODE_OPTIONS in the environment restarts the edge with those NODE_OPTIONS before it is measured.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT } from '../platform/platform.mjs';
import { cpuMs } from './process-stats.mjs';

const PUBLIC_PROMPT = 'A recipe manager where I save recipes with ingredients and cooking time and rate them';
const PRIVATE_PROMPT = 'A bug tracker for our team: issues with title, priority (low, medium, high), assignee and due date';
const GENERATION_TIMEOUT_MS = 120_000;
const POLL_MS = 100;

/** The libraries and platform helpers of the checkout at `root`, from its dist/ and tools/. */
async function loadCheckout(root) {
  const require = createRequire(join(root, 'package.json'));
  const dist = (lib) => join(root, 'dist/libs', lib, 'src/index.js');
  let libs;
  try {
    libs = {
      contracts: require(dist('contracts')),
      serviceKit: require(dist('service-kit')),
      testing: require(dist('testing')),
    };
  } catch (error) {
    throw new Error(`cannot load ${root}/dist (run npm run build there first): ${error.message}`);
  }
  const platform = await import(pathToFileURL(join(root, 'tools/platform/platform.mjs')).href);
  return { ...libs, platform, nats: require('nats') };
}

/** One request to the edge with a Host header (fetch may not set Host); resolves with status, headers and body. */
function edgeRequest(edgeUrl, { method = 'GET', host, path = '/', headers = {}, body }) {
  const url = new URL(edgeUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolveResponse, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { host, ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Queues the app's generation through POST /managed_apps and waits until its preview is built (status generated). */
async function generateApp(api, key, body) {
  const created = await fetch(`${api}/managed_apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  if (created.status !== 201) throw new Error(`POST /managed_apps answered ${created.status}: ${await created.text()}`);
  const { app } = await created.json();
  const deadline = Date.now() + GENERATION_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(`${api}/managed_apps/${app.id}`, { headers: { 'x-api-key': key } });
    if (response.status !== 200) throw new Error(`GET /managed_apps/${app.id} answered ${response.status}: ${await response.text()}`);
    const { app: detail } = await response.json();
    if (detail.status === 'generated' || detail.status === 'published') return detail;
    if (detail.status === 'failed') throw new Error(`generating "${body.prompt}" failed; see the generation-service log`);
    if (Date.now() > deadline) throw new Error(`"${body.prompt}" was not generated within ${GENERATION_TIMEOUT_MS / 1000} s (status ${detail.status})`);
    await sleep(POLL_MS);
  }
}

/** GETs `path` until the edge answers 200 (a preview is served once its build is stored); returns that answer. */
async function waitServed(edgeUrl, target, path) {
  const deadline = Date.now() + GENERATION_TIMEOUT_MS;
  for (;;) {
    const response = await edgeRequest(edgeUrl, { host: target.host, path, headers: target.headers });
    if (response.status === 200) return response;
    if (Date.now() > deadline) throw new Error(`${target.host}${path} still answers ${response.status}: ${response.body.toString().slice(0, 200)}`);
    await sleep(POLL_MS);
  }
}

/** Signs an app user in through the edge, as the built-in sign-in page does; returns the session cookie. */
async function signIn(edgeUrl, host, mailDir, waitForMail, email) {
  const origin = `http://${host}`;
  const asked = await edgeRequest(edgeUrl, { method: 'POST', host, path: '/_api/auth/request_code', headers: { origin }, body: { email } });
  if (asked.status !== 200) throw new Error(`/_api/auth/request_code answered ${asked.status}: ${asked.body}`);
  const mail = await waitForMail(mailDir, email);
  const code = /\b\d{6}\b/.exec(mail.subject)?.[0];
  if (!code) throw new Error(`no sign-in code in the subject "${mail.subject}"`);
  const verified = await edgeRequest(edgeUrl, { method: 'POST', host, path: '/_api/auth/verify', headers: { origin }, body: { email, code } });
  if (verified.status !== 200) throw new Error(`/_api/auth/verify answered ${verified.status}: ${verified.body}`);
  const cookie = [verified.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('appgen_session='));
  if (!cookie) throw new Error('signing in set no session cookie');
  return cookie.split(';')[0];
}

/** The JS bundle an index.html loads (the generated pages have exactly one script, from the bundle). */
function scriptOf(html, host) {
  const src = /<script[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`the index.html of ${host} loads no script`);
  return new URL(src, `http://${host}/`).pathname;
}

function load(edgeUrl, target, seconds, connections) {
  return autocannon({
    url: `${edgeUrl}${target.path}`,
    connections,
    duration: seconds,
    headers: { host: target.host, ...target.headers },
  });
}

function summarize(result, target, seconds, connections, cpu) {
  const expected = result.statusCodeStats?.[target.status]?.count ?? 0;
  return {
    rps: Math.round(result.requests.total / seconds),
    // autocannon's percentiles are whole milliseconds; each connection waits for its answer before it asks
    // again, so the mean latency is connections / requests per second, precise below a millisecond too.
    meanUs: result.requests.total === 0 ? null : Math.round((connections * seconds * 1e6) / result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: result.requests.total - expected + result.errors + result.timeouts,
    total: result.requests.total,
    cpuUsPerRequest: cpu === null || result.requests.total === 0 ? null : Math.round((cpu * 1000) / result.requests.total),
  };
}

function median(values) {
  const known = values.filter((value) => value !== null);
  if (known.length === 0) return null;
  const sorted = [...known].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchEdgeRead({ root = ROOT, seconds = 10, warmup = 2, connections = 32, rounds = 3 } = {}) {
  const { contracts, serviceKit, testing, platform: platformKit, nats: natsClient } = await loadCheckout(resolve(root));
  const { UsersSubjects } = contracts;
  const nats = await testing.startNatsServer();
  const database = await testing.createScratchDatabase('appgen_bench_edge');
  const logDir = mkdtempSync(join(tmpdir(), 'appgen-bench-edge-'));
  const mailDir = join(logDir, 'mail');
  let platform;
  try {
    const edgePort = await platformKit.freePort();
    platform = await platformKit.startPlatform({
      env: {
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `appgen-bench-edge-${process.pid}`,
        MAIL_DIR: mailDir,
        LOG_LEVEL: 'warn',
        EDGE_PORT: String(edgePort),
        // Its own HTTPS port too: the default one may be a running platform's (npm start).
        EDGE_TLS_PORT: String(await platformKit.freePort()),
        PUBLIC_URL_PORT: String(edgePort),
      },
      // (the gateway's internal metrics port too: the default one may be a running platform's)
      metricsPorts: { gateway: await platformKit.freePort() },
      ports: {
        gateway: await platformKit.freePort(),
        'apps-service': await platformKit.freePort(),
        'users-service': await platformKit.freePort(),
        'generation-service': await platformKit.freePort(),
        'deployment-service': await platformKit.freePort(),
        edge: await platformKit.freePort(),
        // Generation holds a job's credits with billing before queueing it.
        'billing-service': await platformKit.freePort(),
      },
      services: ['gateway', 'apps-service', 'users-service', 'generation-service', 'deployment-service', 'edge', 'billing-service'],
      logDir,
      quiet: true,
    });
    if (platform.skipped.length > 0) throw new Error(`not built in ${root}: ${platform.skipped.join(', ')}`);
    const edgeUrl = platform.urls.edge;

    const connection = await natsClient.connect({ servers: nats.url });
    const rpc = new serviceKit.RpcClient(connection, 10_000);
    const { raw_key: key } = await rpc.request(UsersSubjects.adminCreateAccount, { email: 'bench-edge@example.com', plan: 'enterprise' });
    await connection.drain();

    const [publicApp, privateApp] = await Promise.all([
      generateApp(platform.urls.api, key, { prompt: PUBLIC_PROMPT }),
      generateApp(platform.urls.api, key, { prompt: PRIVATE_PROMPT, visibility: 'login_required' }),
    ]);
    const hostOf = (app) => `preview-${app.id}.preview.localhost:${edgePort}`;
    const publicSite = { host: hostOf(publicApp), headers: {} };
    const publicIndex = await waitServed(edgeUrl, publicSite, '/');
    const privateHost = hostOf(privateApp);
    const cookie = await signIn(edgeUrl, privateHost, mailDir, testing.waitForMail, 'bench-member@example.com');
    const privateSite = { host: privateHost, headers: { cookie } };
    const privateIndex = await waitServed(edgeUrl, privateSite, '/');

    const publicScript = scriptOf(publicIndex.body.toString(), publicSite.host);
    const privateScript = scriptOf(privateIndex.body.toString(), privateSite.host);
    const targets = [
      { name: 'public /', ...publicSite, path: '/', status: 200 },
      { name: 'public asset', ...publicSite, path: publicScript, status: 200 },
      { name: 'public /_api/auth/me', ...publicSite, path: '/_api/auth/me', status: 401 },
      { name: 'private /', ...privateSite, path: '/', status: 200 },
      { name: 'private asset', ...privateSite, path: privateScript, status: 200 },
      { name: 'private /_api/auth/me', ...privateSite, path: '/_api/auth/me', status: 200 },
    ];
    // Each address answers what it should before it is measured; the sizes show what a pass moves.
    for (const target of targets) {
      const response = await edgeRequest(edgeUrl, target);
      if (response.status !== target.status) {
        throw new Error(`${target.name} (${target.host}${target.path}) answered ${response.status}, not ${target.status}: ${response.body.toString().slice(0, 200)}`);
      }
      target.bytes = response.body.length;
    }

    // Only what a read touches keeps running.
    await platform.kill('gateway');
    await platform.kill('generation-service');
    // EDGE_NODE_OPTIONS: the edge measured runs with these (e.g. `--require <a preload that profiles it>`).
    if (process.env.EDGE_NODE_OPTIONS) await platform.restart('edge', { NODE_OPTIONS: process.env.EDGE_NODE_OPTIONS });
    const edgePid = platform.pids().edge;

    for (const target of targets) await load(edgeUrl, target, warmup, connections);
    const passes = new Map(targets.map((target) => [target.name, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const target of targets) {
        const cpuBefore = cpuMs(edgePid);
        const startedAt = Date.now();
        const result = await load(edgeUrl, target, seconds, connections);
        const cpuAfter = cpuMs(edgePid);
        const pass = summarize(result, target, seconds, connections, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
        // When it ran, so that a pass another load on the machine overlapped can be told apart.
        passes.get(target.name).push({ ...pass, startedAt, endedAt: Date.now() });
      }
    }
    const results = targets.map((target) => {
      const list = passes.get(target.name);
      const fields = Object.keys(list[0]).filter((field) => !field.endsWith('At'));
      const medians = Object.fromEntries(fields.map((field) => [field, median(list.map((pass) => pass[field]))]));
      return { name: target.name, path: target.path, status: target.status, bytes: target.bytes, ...medians, passes: list };
    });
    // A warning or error the edge logged while serving is worth a look even when every answer was right.
    const edgeLog = readFileSync(platform.logPath('edge'), 'utf8').split('\n');
    const edgeProblems = edgeLog.filter((line) => /\b(WARN|ERROR)\b/.test(line)).length;
    return { root: resolve(root), seconds, connections, rounds, results, logDir, edgeProblems };
  } catch (error) {
    error.message += ` (service logs in ${logDir})`;
    throw error;
  } finally {
    await platform?.stop();
    await database.drop();
    await nats.stop();
  }
}

export function printEdgeRead({ root, seconds, connections, rounds, results, logDir, edgeProblems }) {
  const failed = results.filter((r) => r.unexpected > 0);
  console.log(`\nGET through the edge by Host header (${root}; ${connections} connections, ${seconds} s passes, median of ${rounds})`);
  console.log('                          status    bytes     req/s  mean µs   p50 ms   p99 ms  unexpected  edge CPU µs/req');
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(23)} ${String(r.status).padStart(6)} ${String(r.bytes).padStart(8)} ${String(r.rps).padStart(9)} ${String(r.meanUs ?? '-').padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.unexpected).padStart(11)} ${String(r.cpuUsPerRequest ?? '-').padStart(16)}`,
    );
  }
  if (edgeProblems > 0) console.log(`  the edge logged ${edgeProblems} warning or error line(s): ${join(logDir, 'edge.log')}`);
  return failed;
}

// `node tools/bench/edge-read.mjs [--root DIR] [--seconds N] [--connections N] [--rounds N] [--json]`: runs the
// checkout at DIR (default: this one; build it first) and prints the table, or the results as JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: ROOT },
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      rounds: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
  });
  const results = await benchEdgeRead({
    root: values.root,
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    rounds: Number(values.rounds),
  });
  if (values.json) console.log(JSON.stringify(results));
  else if (printEdgeRead(results).length > 0) process.exitCode = 1;
  if (process.exitCode !== 1 && results.edgeProblems === 0) rmSync(results.logDir, { recursive: true, force: true });
}
