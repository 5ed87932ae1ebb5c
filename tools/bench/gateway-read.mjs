// Benchmark: GET /managed_apps/:id through the gateway (authenticated, rate-limited, over NATS to
// apps-service) against a bare baseline in the same run (minimal Fastify handler -> NATS request/reply
// -> the same Postgres query, a copy kept in baseline-responder.mjs). Prints requests/s, p50 and p99 for both,
// the CPU time each process spent per request (from /proc: Linux only), and the throughput ratio. The target:
// the gateway keeps at least MIN_THROUGHPUT_RATIO of the baseline's throughput with a p99 no worse (medians of
// alternating rounds); run.mjs exits non-zero when it does not. On a loaded machine the throughput swings with
// whatever else runs: the CPU time per request is the figure that stays put, and shows which process costs what.
//
// Throughput is measured at saturation: every connection sends its next request as soon as the last one is
// answered. Latency is not, because there it only restates throughput: with a fixed number of requests in flight,
// the mean latency is connections ÷ requests/s (Little's law), so a side at 0.9 of the other's throughput waits
// 1.1 times as long by construction. The p99 compared is therefore that of passes at one offered rate, the same
// for both sides (LATENCY_LOAD_SHARE of the baseline's measured throughput, each request sent at its time whether or
// not answers are late, its latency counted from that time: openLoop): what a client sees at a
// given traffic.
//
// The load is spread over many enterprise accounts (one app and key each) so that the real per-account
// limiter runs on every request without any account reaching its 1,000 requests/minute.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { connect } from 'nats';
import { freePort, ROOT, startPlatform } from '../platform/platform.mjs';
import { cpuMs } from './process-stats.mjs';

const require = createRequire(import.meta.url);
const { UsersSubjects } = require(join(ROOT, 'dist/libs/contracts/src/index.js'));
const { RpcClient } = require(join(ROOT, 'dist/libs/service-kit/src/index.js'));
const { createScratchDatabase, startNatsServer } = require(join(ROOT, 'dist/libs/testing/src/index.js'));

const ACCOUNTS = 200;
/** The target: the gateway's throughput over the bare baseline's, in the same run. */
export const MIN_THROUGHPUT_RATIO = 0.8;
/** The offered rate of the latency passes, as a share of the baseline's throughput at saturation. */
export const LATENCY_LOAD_SHARE = 0.5;

/** CPU time in ms so far of each named process. */
function cpuOf(pids) {
  return Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
}

function summarize(result, seconds, cpuBefore, cpuAfter) {
  const cpuUsPerRequest = {};
  for (const [name, before] of Object.entries(cpuBefore)) {
    const after = cpuAfter[name];
    cpuUsPerRequest[name] = before === null || after === null || result.requests.total === 0 ? null : Math.round(((after - before) * 1000) / result.requests.total);
  }
  return {
    cpuUsPerRequest,
    rps: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * `overallRate`: requests per second for all connections together, each sent at its time (openLoop); none: as fast as
 * answered (autocannon).
 */
function load({ url, targets, headersFor, pathFor, seconds, connections, overallRate }) {
  if (overallRate) return openLoop({ url, targets, headersFor, pathFor, seconds, connections, rate: overallRate });
  let next = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest(request) {
          const target = targets[next++ % targets.length];
          return { ...request, path: pathFor(target), headers: { ...request.headers, ...headersFor(target) } };
        },
      },
    ],
  });
}

/**
 * Requests sent on a schedule, one every 1/rate s, over at most `connections` kept-alive connections, whether or not
 * earlier answers have come: a client's traffic, not a benchmark's. (autocannon's rate sends each connection's share
 * of a second at once and then waits for the next second, so its "half load" is saturation half the time.) Each
 * latency is counted from when the request was due, so one that waited for a free connection counts its wait.
 * Answers autocannon's shape, in milliseconds with a decimal: { requests: { total }, latency: { p50, p99 }, non2xx,
 * errors, timeouts }.
 */
function openLoop({ url, targets, headersFor, pathFor, seconds, connections, rate }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const outcome = { non2xx: 0, errors: 0, timeouts: 0 };
  const total = Math.round(rate * seconds);
  let sent = 0;
  let answered = 0;
  return new Promise((resolveRun) => {
    const started = performance.now();
    const finish = () => {
      if (answered < total) return;
      agent.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] * 10) / 10;
      resolveRun({ requests: { total: answered }, latency: { p50: at(0.5), p99: at(0.99) }, ...outcome });
    };
    const send = (due) => {
      const target = targets[sent % targets.length];
      const request = httpRequest(`${url}${pathFor(target)}`, { agent, headers: headersFor(target), timeout: 10_000 }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if (response.statusCode !== 200) outcome.non2xx += 1;
          answered += 1;
          finish();
        });
      });
      let timedOut = false;
      request.on('timeout', () => {
        timedOut = true;
        request.destroy();
      });
      request.on('error', () => {
        outcome[timedOut ? 'timeouts' : 'errors'] += 1;
        answered += 1;
        finish();
      });
      request.end();
    };
    const ticker = setInterval(() => {
      const dueNow = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < dueNow) {
        send(started + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent >= total) clearInterval(ticker);
    }, 1);
  });
}

function startChild(script, env) {
  return new Promise((resolve, reject) => {
    const child = fork(join(ROOT, 'tools/bench', script), { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Fields of GET /managed_apps/:id and the baseline row's columns they are read from. */
const DETAIL_FIELDS = [
  ['id', 'id'],
  ['name', 'name'],
  ['status', 'status'],
  ['visibility', 'visibility'],
  ['ai_model', 'aiModel'],
  ['creator.email', 'creatorEmail'],
  ['urls.preview', 'previewUrl'],
  ['versions_count', 'versionsCount'],
  ['files_count', 'filesCount'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
];

/**
 * The baseline's copy of the detail query must answer what the API answers, or the ratio compares two
 * different reads: one app is read both ways and any field that differs stops the benchmark.
 */
async function checkBaselineMatches(runs, target) {
  const read = async ({ url, pathFor, headersFor }) => {
    const response = await fetch(`${url}${pathFor(target)}`, { headers: headersFor(target) });
    if (response.status !== 200) throw new Error(`${url}${pathFor(target)} answered ${response.status}: ${await response.text()}`);
    return (await response.json()).app;
  };
  const [row, app] = [await read(runs.baseline), await read(runs.gateway)];
  const differ = DETAIL_FIELDS.filter(([field, column]) => {
    const value = field.split('.').reduce((object, key) => object?.[key], app);
    return JSON.stringify(value) !== JSON.stringify(row[column]);
  });
  if (differ.length > 0) {
    throw new Error(
      `the baseline's detail query (tools/bench/baseline-responder.mjs) no longer answers what apps-service answers: ${differ.map(([field]) => field).join(', ')}`,
    );
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function medianOrNull(values) {
  return values.includes(null) ? null : median(values);
}

// On two shared cores one pass swings by a sixth either way, so the two sides take turns for `rounds`
// rounds and each figure is the median of its rounds. A p99 swings more (18 to 27 ms from run to run for the same
// side at the same rate): the fixed-rate passes take `latencyRounds` turns.
export async function benchGatewayRead({ seconds = 10, warmup = 3, connections = 32, rounds = 3, latencyRounds = 5 } = {}) {
  const nats = await startNatsServer();
  const database = await createScratchDatabase('appgen_bench');
  const logDir = mkdtempSync(join(tmpdir(), 'appgen-bench-'));
  const children = [];
  let platform;
  try {
    platform = await startPlatform({
      env: {
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `appgen-bench-${process.pid}`,
        MAIL_DIR: join(logDir, 'mail'),
        LOG_LEVEL: 'warn',
      },
      ports: { gateway: await freePort(), 'apps-service': await freePort(), 'users-service': await freePort() },
      // (the gateway's internal metrics port too: the default one may be a running platform's)
      metricsPorts: { gateway: await freePort() },
      services: ['gateway', 'apps-service', 'users-service'],
      logDir,
      quiet: true,
    });
    const api = platform.urls.api;
    const connection = await connect({ servers: nats.url });
    const rpc = new RpcClient(connection, 10_000);
    const targets = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const { account, raw_key } = await rpc.request(UsersSubjects.adminCreateAccount, {
        email: `bench${i}@example.com`,
        plan: 'enterprise',
      });
      const response = await fetch(`${api}/managed_apps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': raw_key },
        body: JSON.stringify({ name: `Bench app ${i}` }),
      });
      if (response.status !== 201) throw new Error(`creating an app answered ${response.status}: ${await response.text()}`);
      const { app } = await response.json();
      targets.push({ key: raw_key, accountId: account.id, appId: app.id });
    }
    await connection.drain();

    const baselinePort = await freePort();
    const baselineEnv = {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      BASELINE_SUBJECT: 'bench.baseline.app_detail',
      BASELINE_PORT: String(baselinePort),
    };
    const responder = await startChild('baseline-responder.mjs', baselineEnv);
    const server = await startChild('baseline-server.mjs', baselineEnv);
    children.push(responder, server);
    const gatewayPids = platform.pids();

    const runs = {
      baseline: {
        url: `http://127.0.0.1:${baselinePort}`,
        pathFor: (t) => `/managed_apps/${t.appId}`,
        headersFor: (t) => ({ 'x-account-id': String(t.accountId) }),
        pids: { 'baseline-server': server.pid, 'baseline-responder': responder.pid },
      },
      gateway: {
        url: api.replace(/\/api\/v1$/, ''),
        pathFor: (t) => `/api/v1/managed_apps/${t.appId}`,
        headersFor: (t) => ({ 'x-api-key': t.key }),
        pids: gatewayPids,
      },
    };
    await checkBaselineMatches(runs, targets[0]);
    // Each side takes its turn for `turns` rounds; a pass's figures and CPU time as summarize gives them.
    const alternating = async (overallRate, turns) => {
      const passes = { baseline: [], gateway: [] };
      for (let round = 0; round < turns; round += 1) {
        for (const [name, run] of Object.entries(runs)) {
          const cpuBefore = cpuOf(run.pids);
          const result = await load({ ...run, targets, seconds, connections, overallRate });
          passes[name].push(summarize(result, seconds, cpuBefore, cpuOf(run.pids)));
        }
      }
      return passes;
    };
    /** Each figure of a side's passes, the median of its rounds. */
    const medians = (list) => {
      const figures = Object.keys(list[0]).filter((field) => field !== 'cpuUsPerRequest');
      return {
        ...Object.fromEntries(figures.map((field) => [field, median(list.map((pass) => pass[field]))])),
        cpuUsPerRequest: Object.fromEntries(
          Object.keys(list[0].cpuUsPerRequest).map((process) => [process, medianOrNull(list.map((pass) => pass.cpuUsPerRequest[process]))]),
        ),
      };
    };
    const loadBefore = loadavg()[0];
    for (const run of Object.values(runs)) await load({ ...run, targets, seconds: warmup, connections });
    const passes = await alternating(undefined, rounds);
    const latencyRate = Math.round(median(passes.baseline.map((pass) => pass.rps)) * LATENCY_LOAD_SHARE);
    const atRate = await alternating(latencyRate, latencyRounds);
    const results = {
      latencyRate,
      latencyRounds,
      baseline: medians(passes.baseline),
      gateway: medians(passes.gateway),
      baselineAtRate: medians(atRate.baseline),
      gatewayAtRate: medians(atRate.gateway),
    };
    results.ratios = passes.gateway.map((pass, round) => pass.rps / passes.baseline[round].rps);
    results.load = { before: loadBefore, after: loadavg()[0] };
    return results;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await platform?.stop();
    await database.drop();
    await nats.stop();
  }
}

/**
 * Prints the tables; answers what misses the target (empty when met): a ratio under MIN_THROUGHPUT_RATIO, a
 * gateway p99 at the common offered rate above the baseline's, or failed requests.
 */
export function printGatewayRead(results) {
  const ratio = median(results.ratios);
  const sides = { baseline: results.baseline, gateway: results.gateway };
  const atRate = { baseline: results.baselineAtRate, gateway: results.gatewayAtRate };
  console.log(`\nGET /managed_apps/:id on Node ${process.versions.node} (median of ${results.ratios.length} alternating rounds)`);
  console.log('at saturation          req/s     p50 ms   p99 ms   failed   CPU µs/request');
  for (const [name, r] of Object.entries(sides)) {
    const cpu = Object.values(r.cpuUsPerRequest);
    const total = cpu.includes(null) ? '-' : String(cpu.reduce((sum, us) => sum + us, 0));
    console.log(
      `  ${name.padEnd(16)} ${String(r.rps).padStart(9)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.failed).padStart(8)} ${total.padStart(16)}`,
    );
    for (const [process, us] of Object.entries(r.cpuUsPerRequest)) console.log(`    ${process.padEnd(60)} ${String(us ?? '-').padStart(8)}`);
  }
  console.log(`at ${results.latencyRate} requests/s offered (${LATENCY_LOAD_SHARE} of the baseline's throughput; median of ${results.latencyRounds} alternating rounds)`);
  for (const [name, r] of Object.entries(atRate)) {
    console.log(`  ${name.padEnd(16)} ${String(r.rps).padStart(9)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.failed).padStart(8)}`);
  }
  console.log(
    `  gateway / baseline throughput: ${ratio.toFixed(2)} (target >= ${MIN_THROUGHPUT_RATIO.toFixed(2)}; rounds: ${results.ratios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  console.log(`  p99 at ${results.latencyRate} requests/s: gateway ${atRate.gateway.p99} ms, baseline ${atRate.baseline.p99} ms (target: no worse)`);
  // The gateway's side runs three processes to the baseline's two: whatever else wants the cores costs it more.
  console.log(`  load average: ${results.load.before.toFixed(1)} before, ${results.load.after.toFixed(1)} after, on ${availableParallelism()} cores`);
  if (results.load.before > availableParallelism() / 2) {
    console.log('  the machine was busy before the benchmark started: the ratio measures the contention as much as the gateway');
  }
  const missed = [];
  if (ratio < MIN_THROUGHPUT_RATIO) missed.push(`throughput ratio ${ratio.toFixed(2)} is under ${MIN_THROUGHPUT_RATIO}`);
  if (atRate.gateway.p99 > atRate.baseline.p99) missed.push(`gateway p99 ${atRate.gateway.p99} ms at ${results.latencyRate} requests/s is above the baseline's ${atRate.baseline.p99} ms`);
  for (const [name, r] of [...Object.entries(sides), ...Object.entries(atRate)]) if (r.failed > 0) missed.push(`${name}: ${r.failed} requests failed`);
  return missed;
}
