// The fault campaign: every appgen process on a private Postgres and NATS (infrastructure.mjs), a mixed load of
// generations, deploys, data writes through the edge and webhook fan-out to a local receiver, and faults one after
// another: kill -9 of each process (the supervisor starts it again, as npm start and Kubernetes do), NATS killed and
// restarted, NATS restarted cleanly, Postgres stopped without a checkpoint and started. Then the load stops, the
// platform is given time to settle, and the campaign reads what users would have seen go wrong:
//   lost events       every domain event the load caused (the outbox rows of every service) arrives at the receiver
//                     as a delivery whose signature verifies, keyed by event id;
//   duplicated        side effects done twice: a generation job per request (the Idempotency-Key), deployments per
//                     accepted deploy request, credits reserved or settled twice for a job, a row written twice;
//   stuck             jobs, deployments and deliveries not finished `settleSeconds` after the last recovery;
//   client errors     answers >= 500 and connection errors, during each fault and after it recovered.
// The load is a careful client: it retries an unanswered or 5xx call with the same Idempotency-Key, and before it
// writes a row again it looks for the one it may already have written (the edge's writes take no key).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import pg from 'pg';
import { freePort, ROOT, SERVICES, startPlatform } from '../platform/platform.mjs';
import { startPrivateNats, startPrivatePostgres } from './infrastructure.mjs';

const require = createRequire(import.meta.url);
const { BillingSubjects, EVENT_KINDS, UsersSubjects } = require(join(ROOT, 'dist/libs/contracts/src/index.js'));
const { RpcClient } = require(join(ROOT, 'dist/libs/service-kit/src/index.js'));
const { verifyWebhook } = require(join(ROOT, 'dist/libs/testing/src/index.js'));

const GUEST_BOOK = 'A guest book where visitors leave a message with their name';
const PROMPTS = [
  'A recipe manager where I save recipes with ingredients and cooking time and rate them',
  'A habit tracker where I log my daily habits with a target per week and notes',
  'A movie watchlist where I add movies with a genre and release year and mark them as watched',
  'A plant care app where I keep my plants with species and watering interval in days',
];
const CALL_TIMEOUT_MS = 10_000;
/** How long a careful client keeps retrying one call before it gives up (and the campaign counts it failed). */
const GIVE_UP_MS = 90_000;

class Campaign {
  constructor({ accounts, afterSeconds, settleSeconds, rounds }) {
    Object.assign(this, { accountCount: accounts, afterSeconds, settleSeconds, rounds });
    this.phase = { name: 'warm-up', after: false };
    /** the faults injected so far, in order: a call is the first one's that began while it was in flight */
    this.injected = [];
    this.phases = new Map();
    this.stopping = false;
    this.deliveries = new Map();
    this.badSignatures = 0;
    this.secrets = new Map();
    this.acceptedDeploys = new Map();
    this.writtenMarkers = new Set();
    this.gaveUp = [];
    this.afterErrors = [];
    // A connection per call: a kept-alive socket the server closes as it idles would fail the next call on it,
    // an error of this client's own making.
    this.agent = new Agent({ keepAlive: false, maxSockets: 64 });
  }

  /** Counts one call's outcome against its phase. */
  record(phase, ok) {
    const key = `${phase.name}|${phase.after ? 'after' : 'during'}`;
    const counts = this.phases.get(key) ?? { name: phase.name, after: phase.after, calls: 0, errors: 0 };
    counts.calls += 1;
    if (!ok) counts.errors += 1;
    this.phases.set(key, counts);
  }

  /**
   * One HTTP call (node:http: fetch may not set Host, which the edge routes by); `{status, body}`, or `{status: 0,
   * error}` for no answer. Records the outcome, and what went wrong after a recovery.
   */
  call(method, url, { key, body, headers = {} } = {}) {
    const started = this.phase;
    const injectedBefore = this.injected.length;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolveCall) => {
      const done = (answer) => {
        // A call sent during a fault is the fault's; one still in flight when a fault hits is that fault's, even
        // when the fault was over by the time the call ended (a request timing out on a service killed meanwhile).
        const hitBy = this.injected[injectedBefore];
        const phase = hitBy ? { name: hitBy, after: false } : started;
        const ok = answer.status !== 0 && answer.status < 500;
        this.record(phase, ok);
        if (!ok && phase.after) this.afterErrors.push(`${phase.name}: ${method} ${new URL(url).pathname} ${answer.status || answer.error}`);
        resolveCall(answer);
      };
      const request = httpRequest(url, {
        method,
        agent: this.agent,
        timeout: CALL_TIMEOUT_MS,
        headers: { ...(key ? { 'X-API-Key': key } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...headers },
      });
      request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
      request.on('error', (error) => done({ status: 0, error: error.message }));
      request.on('response', (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', (error) => done({ status: 0, error: error.message }));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          done({ status: response.statusCode ?? 0, body: parsed });
        });
      });
      request.end(payload);
    });
  }

  /** Retries until an answer below 500 (waiting out 429s), with the same Idempotency-Key on every try. */
  async reliably(what, method, url, options = {}) {
    const headers = { ...options.headers, ...(method === 'GET' ? {} : { 'Idempotency-Key': options.idempotencyKey ?? randomUUID() }) };
    const deadline = Date.now() + GIVE_UP_MS;
    let wait = 200;
    for (;;) {
      const answer = await this.call(method, url, { ...options, headers });
      if (answer.status !== 0 && answer.status < 500 && answer.status !== 429) return answer;
      if (Date.now() > deadline) {
        this.gaveUp.push(`${what}: ${answer.status || answer.error}`);
        return answer;
      }
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
    }
  }

  async setUp() {
    this.dir = mkdtempSync(join(tmpdir(), 'appgen-chaos-'));
    this.logDir = join(this.dir, 'logs');
    mkdirSync(this.logDir, { recursive: true });
    this.postgres = await startPrivatePostgres(this.dir, this.logDir);
    this.nats = await startPrivateNats(this.dir, this.logDir);
    const ports = { gateway: [await freePort()] };
    for (const { name } of SERVICES.filter((s) => s.name !== 'gateway')) ports[name] = await freePort();
    const edgePort = await freePort();
    this.platform = await startPlatform({
      ports,
      metricsPorts: { gateway: [await freePort()] },
      logDir: this.logDir,
      quiet: true,
      supervise: true,
      env: {
        DATABASE_URL: this.postgres.url,
        NATS_URL: this.nats.url,
        // Rate limits per gateway process: the campaign needs no Redis, and must not depend on the machine's.
        REDIS_URL: '',
        MAIL_DIR: join(this.dir, 'mail'),
        MAIL_URL: '',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Retries a second apart, so a delivery that failed during a fault is sent again within the settle time.
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1',
        WEBHOOK_TIMEOUT_MS: '2000',
        EDGE_PORT: String(edgePort),
        EDGE_TLS_PORT: String(await freePort()),
      },
    });
    this.api = this.platform.urls.api;
    this.edge = this.platform.urls.edge;
    this.db = new pg.Pool({ connectionString: this.postgres.url, max: 2 });
    this.db.on('error', () => undefined);
    await this.startReceiver();

    const bus = await connect({ servers: this.nats.url });
    const rpc = new RpcClient(bus, 10_000);
    this.accounts = [];
    for (let i = 0; i < this.accountCount; i += 1) {
      const created = await rpc.request(UsersSubjects.adminCreateAccount, { email: `chaos-${i}-${randomBytes(3).toString('hex')}@example.com`, plan: 'enterprise' });
      await rpc.request(BillingSubjects.grant, { account_id: created.account.id, credits: 100_000, reason: 'fault campaign' });
      const account = { id: created.account.id, key: created.raw_key, apps: [], jobs: [] };
      const hook = await this.reliably('subscribe', 'POST', `${this.api}/webhooks`, { key: account.key, body: { url: `${this.receiverUrl}/hooks/${account.id}`, events: [...EVENT_KINDS] } });
      if (hook.status !== 201) throw new Error(`subscribing answered ${hook.status}: ${JSON.stringify(hook.body)}`);
      this.secrets.set(`/hooks/${account.id}`, hook.body.webhook.secret);
      this.accounts.push(account);
    }
    await bus.close();
    // Events from here on are expected at the receiver: every account is subscribed to every kind.
    this.since = new Date();
    for (const account of this.accounts) {
      account.guestBook = await this.generate(account, GUEST_BOOK);
      if (!account.guestBook?.previewHost) throw new Error(`the guest book of account ${account.id} was not generated`);
    }
  }

  startReceiver() {
    this.receiver = createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(request.url);
        const signature = request.headers['x-service-signature'];
        response.end('ok');
        if (!secret || typeof signature !== 'string' || !verifyWebhook(secret, signature, raw)) {
          this.badSignatures += 1;
          return;
        }
        const { id } = JSON.parse(raw);
        this.deliveries.set(id, (this.deliveries.get(id) ?? 0) + 1);
      });
    });
    return new Promise((done) =>
      this.receiver.listen(0, '127.0.0.1', () => {
        this.receiverUrl = `http://127.0.0.1:${this.receiver.address().port}`;
        done();
      }),
    );
  }

  /** Queues a generation (of a new app, or a change to `appId`) and waits for its end; answers the app, or nothing. */
  async generate(account, prompt, appId) {
    const request = randomUUID();
    const queued = await this.reliably('generation', 'POST', `${this.api}/generation_queue`, {
      key: account.key,
      idempotencyKey: request,
      body: { prompt, ...(appId ? { app_id: appId } : {}), metadata: { chaos_request: request } },
    });
    if (queued.status !== 202) return undefined;
    account.jobs.push(queued.body.job_id);
    const deadline = Date.now() + GIVE_UP_MS;
    while (Date.now() < deadline) {
      const job = await this.reliably('job status', 'GET', `${this.api}/generation_queue/${queued.body.job_id}`, { key: account.key });
      if (job.status === 200 && !['queued', 'processing'].includes(job.body.status)) {
        if (job.body.status !== 'completed') return undefined;
        const previewHost = job.body.app?.preview_url ? new URL(job.body.app.preview_url).host : undefined;
        return { id: String(queued.body.app_id), previewHost };
      }
      await sleep(300);
    }
    return undefined;
  }

  async deploy(account, appId) {
    const answer = await this.reliably('deploy', 'POST', `${this.api}/managed_apps/${appId}/deploy`, { key: account.key });
    if (answer.status === 202) this.acceptedDeploys.set(appId, (this.acceptedDeploys.get(appId) ?? 0) + 1);
  }

  /** A visitor signs the guest book through the edge; on no answer, looks for the row before writing it again. */
  async write(account) {
    const { previewHost } = account.guestBook;
    const marker = `chaos ${randomUUID()}`;
    const headers = { Host: previewHost, Origin: `http://${previewHost}` };
    const deadline = Date.now() + GIVE_UP_MS;
    let wait = 200;
    while (Date.now() < deadline) {
      const answer = await this.call('POST', `${this.edge}/_api/entities/guest_books`, { body: { name: 'Chaos', message: marker }, headers });
      if (answer.status === 201) {
        this.writtenMarkers.add(marker);
        return;
      }
      if (answer.status !== 0 && answer.status < 500) {
        this.gaveUp.push(`write: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        return;
      }
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
      const found = await this.call('GET', `${this.edge}/_api/entities/guest_books?${new URLSearchParams({ 'filters[message]': marker })}`, { headers: { Host: previewHost } });
      if (found.status === 200 && found.body.total > 0) {
        this.writtenMarkers.add(marker);
        return;
      }
    }
    this.gaveUp.push('write: no answer');
  }

  /** Each account: a generation (new app or a change), its deploy, and writes; over and over until stopped. */
  async journeys(account) {
    let round = 0;
    while (!this.stopping) {
      round += 1;
      const update = account.apps.length > 0 && round % 2 === 0;
      const target = update ? account.apps[round % account.apps.length] : undefined;
      const app = await this.generate(account, PROMPTS[round % PROMPTS.length], target?.id);
      if (app) {
        if (!update) account.apps.push(app);
        await this.deploy(account, app.id);
      }
    }
  }

  async writes(account) {
    while (!this.stopping) {
      await this.write(account);
      await sleep(150);
    }
  }

  async allHealthy() {
    const results = await Promise.all(
      Object.values(this.platform.urls.health).map((url) =>
        fetch(url, { signal: AbortSignal.timeout(2000) })
          .then(async (r) => (await r.arrayBuffer(), r.status === 200))
          .catch(() => false),
      ),
    );
    return results.every(Boolean);
  }

  async waitRecovered() {
    const started = Date.now();
    // A process killed a moment ago may still answer; give the supervisor a beat to notice.
    await sleep(300);
    while (!(await this.allHealthy())) {
      if (Date.now() - started > 120_000) throw new Error(`the platform did not recover within 120 s after ${this.phase.name}; logs in ${this.logDir}`);
      await sleep(200);
    }
    return Date.now() - started;
  }

  faults() {
    const kills = this.platform.instances.map((name) => ({
      name: `kill -9 ${name}`,
      inject: async () => {
        const pid = this.platform.pids()[name];
        if (pid) process.kill(pid, 'SIGKILL');
        // The supervisor restarts it; wait until the new process exists before asking for health.
        while (!this.platform.pids()[name] || this.platform.pids()[name] === pid) await sleep(100);
      },
    }));
    return [
      ...kills,
      { name: 'kill -9 nats-server, start it', inject: () => this.nats.restart({ kill: true }) },
      { name: 'restart nats-server', inject: () => this.nats.restart() },
      { name: 'postgres immediate stop, start', inject: () => this.postgres.restart({ immediate: true }) },
      { name: 'restart postgres', inject: () => this.postgres.restart() },
    ];
  }

  async run() {
    const loads = this.accounts.flatMap((account) => [this.journeys(account), this.writes(account)]);
    await sleep(3000);
    this.results = [];
    for (let round = 0; round < this.rounds; round += 1) {
      for (const fault of this.faults()) {
        const name = this.rounds > 1 ? `${fault.name} (round ${round + 1})` : fault.name;
        this.phase = { name, after: false };
        this.injected.push(name);
        const began = Date.now();
        await fault.inject();
        await this.waitRecovered();
        this.phase = { name, after: true };
        this.results.push({ name, recoveredMs: Date.now() - began });
        console.log(`${name}: recovered in ${((Date.now() - began) / 1000).toFixed(1)} s`);
        await sleep(this.afterSeconds * 1000);
      }
    }
    this.phase = { name: 'settle', after: true };
    this.stopping = true;
    await Promise.all(loads);
  }

  async query(sql, params = []) {
    return (await this.db.query(sql, params)).rows;
  }

  /** Waits until jobs, deployments and deliveries are done or `settleSeconds` passed, then measures. */
  async measure() {
    const accountIds = this.accounts.map((a) => a.id);
    const unfinished = async () => {
      const [jobs] = await this.query("SELECT count(*)::int AS n FROM generation.generation_jobs WHERE account_id = ANY($1) AND status IN ('queued', 'processing')", [accountIds]);
      const [deployments] = await this.query("SELECT count(*)::int AS n FROM deployment.deployments WHERE account_id = ANY($1) AND status IN ('pending', 'building', 'deploying')", [accountIds]);
      const [deliveries] = await this.query("SELECT count(*)::int AS n FROM webhooks.deliveries WHERE status = 'pending'");
      const expected = await this.expectedEvents(accountIds);
      const missing = expected.filter((e) => !this.deliveries.has(e.id));
      return { jobs: jobs.n, deployments: deployments.n, deliveries: deliveries.n, expected, missing };
    };
    const deadline = Date.now() + this.settleSeconds * 1000;
    let state = await unfinished();
    while (Date.now() < deadline && (state.jobs + state.deployments + state.deliveries + state.missing.length > 0)) {
      await sleep(1000);
      state = await unfinished();
    }
    const duplicateJobs = await this.query(
      "SELECT metadata->>'chaos_request' AS request, count(*)::int AS n FROM generation.generation_jobs WHERE account_id = ANY($1) AND metadata ? 'chaos_request' GROUP BY 1 HAVING count(*) > 1",
      [accountIds],
    );
    const duplicateCharges = await this.query(
      'SELECT job_id, kind, count(*)::int AS n FROM billing.ledger_entries WHERE account_id = ANY($1) AND job_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1',
      [accountIds],
    );
    const deploymentRows = await this.query('SELECT app_id, count(*)::int AS n FROM deployment.deployments WHERE account_id = ANY($1) GROUP BY 1', [accountIds]);
    const extraDeployments = deploymentRows.filter((row) => row.n > (this.acceptedDeploys.get(row.app_id) ?? 0));
    const rowCounts = await this.query(
      "SELECT data->>'message' AS marker, count(*)::int AS n FROM apps.app_rows WHERE app_id = ANY($1) AND entity = 'guest_books' GROUP BY 1",
      [this.accounts.map((a) => a.guestBook.id)],
    );
    const duplicateRows = rowCounts.filter((row) => row.n > 1);
    const stored = new Set(rowCounts.map((row) => row.marker));
    const lostWrites = [...this.writtenMarkers].filter((marker) => !stored.has(marker));
    const unpublished = await this.unpublishedEvents(accountIds);
    return {
      expectedEvents: state.expected.length,
      lostEvents: state.missing,
      unpublished,
      duplicates: { jobs: duplicateJobs, charges: duplicateCharges, deployments: extraDeployments, rows: duplicateRows },
      lostWrites,
      stuck: { jobs: state.jobs, deployments: state.deployments, deliveries: state.deliveries },
    };
  }

  async outboxSchemas() {
    return (await this.query("SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1")).map((r) => r.table_schema);
  }

  /** Every event of the campaign's accounts recorded since they subscribed, from the outbox of every service. */
  async expectedEvents(accountIds) {
    const events = [];
    for (const schema of await this.outboxSchemas()) {
      const rows = await this.query(
        `SELECT id::text, kind FROM ${pg.escapeIdentifier(schema)}.outbox WHERE created_at >= $1 AND (envelope->>'account_id')::int = ANY($2) AND kind = ANY($3)`,
        [this.since, accountIds, [...EVENT_KINDS]],
      );
      events.push(...rows.map((row) => ({ ...row, schema })));
    }
    return events;
  }

  async unpublishedEvents(accountIds) {
    let count = 0;
    for (const schema of await this.outboxSchemas()) {
      const [row] = await this.query(`SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(schema)}.outbox WHERE published_at IS NULL AND (envelope->>'account_id')::int = ANY($1)`, [accountIds]);
      count += row.n;
    }
    return count;
  }

  async tearDown({ keepLogs }) {
    this.agent.destroy();
    this.receiver?.closeAllConnections();
    this.receiver?.close();
    await this.db?.end().catch(() => undefined);
    await this.platform?.stop();
    await this.nats?.stop();
    await this.postgres?.stop();
    if (!keepLogs && this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Runs the campaign and answers its report (see printReport); the processes are gone when it resolves. */
export async function runCampaign(options) {
  const campaign = new Campaign(options);
  let report;
  try {
    await campaign.setUp();
    await campaign.run();
    report = { faults: campaign.results, phases: [...campaign.phases.values()], gaveUp: campaign.gaveUp, afterErrors: campaign.afterErrors, badSignatures: campaign.badSignatures, ...(await campaign.measure()) };
    report.logDir = campaign.logDir;
    return report;
  } finally {
    await campaign.tearDown({ keepLogs: !report || failures(report).length > 0 });
  }
}

/** What makes the campaign fail: anything lost, done twice or stuck, and any client error after recovery. */
export function failures(report) {
  const found = [];
  const duplicated = Object.values(report.duplicates).reduce((n, list) => n + list.length, 0);
  if (report.lostEvents.length > 0) found.push(`${report.lostEvents.length} event(s) never delivered: ${report.lostEvents.slice(0, 5).map((e) => `${e.schema} ${e.kind} ${e.id}`).join(', ')}`);
  if (report.unpublished > 0) found.push(`${report.unpublished} event(s) still unpublished in an outbox`);
  if (duplicated > 0) found.push(`${duplicated} duplicated side effect(s): ${JSON.stringify(report.duplicates).slice(0, 500)}`);
  if (report.lostWrites.length > 0) found.push(`${report.lostWrites.length} acknowledged write(s) missing`);
  const stuck = report.stuck.jobs + report.stuck.deployments + report.stuck.deliveries;
  if (stuck > 0) found.push(`stuck after recovery: ${JSON.stringify(report.stuck)}`);
  const after = report.phases.filter((p) => p.after).reduce((n, p) => n + p.errors, 0);
  if (after > 0) found.push(`${after} client error(s) after recovery: ${report.afterErrors.slice(0, 10).join('; ')}`);
  if (report.badSignatures > 0) found.push(`${report.badSignatures} delivery(ies) whose signature did not verify`);
  if (report.gaveUp.length > 0) found.push(`${report.gaveUp.length} call(s) given up: ${report.gaveUp.slice(0, 5).join('; ')}`);
  return found;
}

export function printReport(report) {
  const rows = [['fault', 'recovered', 'calls during', 'errors during', 'calls after', 'errors after']];
  const phase = (name, after) => report.phases.find((p) => p.name === name && p.after === after) ?? { calls: 0, errors: 0 };
  for (const fault of report.faults) {
    const during = phase(fault.name, false);
    const after = phase(fault.name, true);
    rows.push([fault.name, `${(fault.recoveredMs / 1000).toFixed(1)} s`, during.calls, during.errors, after.calls, after.errors]);
  }
  const settle = phase('settle', true);
  rows.push(['(load stopping, settling)', '', '', '', settle.calls, settle.errors]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  '));
  const duplicated = Object.entries(report.duplicates).map(([what, list]) => `${what} ${list.length}`).join(', ');
  console.log(`
events expected ${report.expectedEvents}, lost ${report.lostEvents.length}, still unpublished ${report.unpublished}
duplicated side effects: ${duplicated}; acknowledged writes missing: ${report.lostWrites.length}
stuck after recovery: jobs ${report.stuck.jobs}, deployments ${report.stuck.deployments}, deliveries ${report.stuck.deliveries}
client errors (>= 500 or no answer): during faults ${report.phases.filter((p) => !p.after).reduce((n, p) => n + p.errors, 0)}, after recovery ${report.phases.filter((p) => p.after).reduce((n, p) => n + p.errors, 0)}`);
}
