import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { createScratchDatabase, freePort, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadDomainsConfig } from './config/domains.config';

/**
 * The checker against Postgres, NATS and a real DNS server (pebble-challtestsrv, records set over its management
 * API): it resumes pending domains after a restart, two replicas check each domain once, and the internal CA signs a
 * verified domain's certificate at once.
 */
describe('the domain checker', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let sql: Client;
  let dnsServer: ChildProcess;
  let dnsAdmin = '';
  let env: NodeJS.ProcessEnv;
  const dataDir = mkdtempSync(join(tmpdir(), 'appgen-domains-ca-'));
  const running: INestMicroservice[] = [];
  const run = randomBytes(3).toString('hex');

  const boot = async (): Promise<INestMicroservice> => {
    const app = await startServiceApp('domains-service', AppModule.forConfig(loadDomainsConfig(env)), env['NATS_URL'] ?? '');
    running.push(app);
    return app;
  };

  async function dns(action: string, body: object): Promise<void> {
    const response = await fetch(`${dnsAdmin}/${action}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`challtestsrv ${action}: ${response.status}`);
  }

  /** How often the DNS server was asked for `host`'s CNAME. */
  async function cnameQueries(host: string): Promise<number> {
    const response = await fetch(`${dnsAdmin}/dns-request-history`, { method: 'POST', body: JSON.stringify({ host }) });
    const history = (await response.json()) as Array<{ Question: { Qtype: number } }> | null;
    return (history ?? []).filter((entry) => entry.Question.Qtype === 5).length;
  }

  async function addPending(domain: string): Promise<number> {
    const rows = await sql.query<{ id: number }>(
      `INSERT INTO custom_domains (account_id, app_id, domain, is_apex, record_name, next_check_at, cycle_started_at, caller)
       VALUES (1, 'app000000001', $1, false, 'www', now(), date_trunc('milliseconds', now()), $2) RETURNING id`,
      [domain, JSON.stringify(testCaller(1))],
    );
    return rows.rows[0]?.id ?? 0;
  }

  async function rowOf(id: number): Promise<{ verification_status: string; ssl_status: string; checks_done: number; cert_pem: string | null }> {
    const rows = await sql.query('SELECT verification_status, ssl_status, checks_done, cert_pem FROM custom_domains WHERE id = $1', [id]);
    return rows.rows[0];
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    const [dnsPort, adminPort] = [await freePort(), await freePort()];
    dnsAdmin = `http://127.0.0.1:${adminPort}`;
    dnsServer = spawn(
      'pebble-challtestsrv',
      ['-dns01', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${adminPort}`, '-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '', '-defaultIPv6', ''],
      { stdio: 'ignore' },
    );
    [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase('appgen_domains_checker')]);
    env = {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      LOG_LEVEL: 'warn',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      DNS_RESOLVERS: `127.0.0.1:${dnsPort}`,
      DNS_CHECK_SCHEDULE: '1',
      DATA_DIR: dataDir,
      TLS_ISSUER: 'internal',
    };
    await until('challtestsrv', () => fetch(`${dnsAdmin}/`).then(() => true, () => false), Boolean);
    await boot();
    sql = new Client({ connectionString: database.url, options: '-c search_path=domains' });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all(running.map((app) => app.close()));
    await Promise.all([nats?.stop(), database?.drop()]);
    dnsServer?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes a pending domain after a restart and signs its certificate with the internal CA', async () => {
    const domain = `www.resume-${run}.com`;
    const id = await addPending(domain);
    await until('a first check', () => rowOf(id), (row) => row.checks_done >= 1);
    const first = running.shift();
    await first?.close();
    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    // Nothing runs the checker now: the domain waits in its row.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await rowOf(id)).verification_status).toBe('pending');

    await boot();
    const row = await until('verified and secured', () => rowOf(id), (r) => r.ssl_status === 'active');
    expect(row.verification_status).toBe('verified');
    const pem = row.cert_pem ?? '';
    const leaf = new X509Certificate(pem);
    const ca = new X509Certificate(readFileSync(join(dataDir, 'domains-ca', 'ca.pem')));
    expect(leaf.subjectAltName).toBe(`DNS:${domain}`);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    // The chain carries the CA, so a client that trusts it needs nothing else.
    expect(pem).toContain(ca.toString().trim());
  }, 30_000);

  it('checks each domain once with two replicas running', async () => {
    await boot();
    const names = Array.from({ length: 8 }, (_, i) => `www.twice-${i}-${run}.com`);
    for (const name of names) await dns('set-cname', { host: name, target: 'cname.apps.localhost' });
    const ids = [];
    for (const name of names) ids.push(await addPending(name));
    for (const id of ids) await until(`domain ${id} verified`, () => rowOf(id), (row) => row.verification_status === 'verified');
    for (const id of ids) expect((await rowOf(id)).checks_done).toBe(1);
    for (const name of names) expect(await cnameQueries(name)).toBe(1);
  }, 30_000);
});
