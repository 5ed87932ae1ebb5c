import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { sealSecret } from '@appgen/service-kit';
import {
  createScratchDatabase,
  freePort,
  startBuiltService,
  startNatsServer,
  testCaller,
  type BuiltService,
  type NatsServerHandle,
  type ScratchDatabase,
  writePebbleConfig,
} from '@appgen/testing';

/**
 * domains-service and the edge as `npm run build` made them, on a private NATS and a scratch database, with a real DNS
 * server (pebble-challtestsrv) and a real ACME CA (pebble): what a user's custom domain does over time, as a browser
 * sees it through the edge. An app's deletion frees its domains (also when domains-service was down when it
 * happened); a verified domain whose record is pointed elsewhere becomes moved and is no longer served, and comes
 * back when pointed back; a certificate near its expiry is renewed by either issuer and the running edge serves
 * the new one.
 */
describe('custom domains over time, through the edge', () => {
  const run = randomBytes(3).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'appgen-domains-edge-'));
  const secretsKey = randomBytes(32);
  const children: ChildProcess[] = [];
  let nats: NatsServerHandle;
  let bus: NatsConnection;
  let database: ScratchDatabase;
  let sql: Client;
  let edge: BuiltService;
  let domainsService: BuiltService | undefined;
  let dnsAdmin = '';
  let dnsPort = 0;
  let edgePort = 0;
  let edgeTlsPort = 0;
  let pebbleDirectory = '';
  let pebbleCert = '';
  let baseEnv: Record<string, string>;

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function dns(action: string, body: object): Promise<void> {
    const response = await fetch(`${dnsAdmin}/${action}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`challtestsrv ${action}: ${response.status}`);
  }

  async function startDomainsService(env: Record<string, string>): Promise<void> {
    domainsService = await startBuiltService('domains-service', { ...baseEnv, ...env });
  }

  async function stopDomainsService(): Promise<void> {
    await domainsService?.stop();
    domainsService = undefined;
  }

  /** A domain the user added to `appId` whose CNAME already points at appgen; checked at once. */
  async function addDomain(appId: string, domain: string): Promise<number> {
    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    const rows = await sql.query<{ id: number }>(
      `INSERT INTO custom_domains (account_id, app_id, domain, is_apex, record_name, next_check_at, cycle_started_at, caller)
       VALUES (1, $1, $2, false, $3, now(), date_trunc('milliseconds', now()), $4) RETURNING id`,
      [appId, domain, domain.split('.')[0], JSON.stringify(testCaller(1))],
    );
    return rows.rows[0]?.id ?? 0;
  }

  interface Row {
    domain: string;
    verification_status: string;
    hostname_status: string;
    ssl_status: string;
    verification_error: string | null;
    cert_pem: string | null;
    cert_expires_at: Date | null;
    recheck_misses: number;
  }

  async function rowOf(id: number): Promise<Row | undefined> {
    const rows = await sql.query<Row>(
      'SELECT domain, verification_status, hostname_status, ssl_status, verification_error, cert_pem, cert_expires_at, recheck_misses FROM custom_domains WHERE id = $1',
      [id],
    );
    return rows.rows[0];
  }

  const operational = (row: Row | undefined): boolean => row?.verification_status === 'verified' && row.ssl_status === 'active';

  interface Served {
    serial: string;
    validTo: Date;
    issuer: string;
  }

  /** A TLS handshake with the edge's HTTPS port for `domain` (as SNI): the certificate it is given, or a rejection. */
  function handshake(domain: string): Promise<Served> {
    return new Promise((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port: edgeTlsPort, servername: domain, rejectUnauthorized: false }, () => {
        const certificate = socket.getPeerCertificate();
        socket.end();
        resolve({ serial: certificate.serialNumber, validTo: new Date(certificate.valid_to), issuer: String(certificate.issuer.CN ?? '') });
      });
      socket.on('error', reject);
    });
  }

  /** Whether the handshake for `domain` is refused (the edge has no certificate to offer for it). */
  const refused = (domain: string): Promise<boolean> => handshake(domain).then(() => false, () => true);

  /** The status of a plain HTTP request to the edge for `domain`: 308 to HTTPS while it is served, 404 when not. */
  function overHttp(domain: string, path = '/'): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: edgePort, path, headers: { host: domain } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** What apps-service publishes when an app is deleted (through its outbox). */
  async function appDeleted(appId: string): Promise<void> {
    const event = { id: randomUUID(), event: 'app.deleted', timestamp: new Date().toISOString(), account_id: 1, app_id: appId, data: { app: { id: appId, name: 'Gone' } } };
    await bus.jetstream().publish('events.app.deleted', new TextEncoder().encode(JSON.stringify(event)), { msgID: event.id });
  }

  /** A certificate for `domain` valid one more day, signed by `signer` (its cert and key files) or self-signed. */
  function shortCertificate(domain: string, signer?: { cert: string; key: string }): { certPem: string; keyPem: string; expiresAt: Date } {
    const [key, csr, cert] = ['key', 'csr', 'crt'].map((ext) => join(dir, `${domain}.${ext}`)) as [string, string, string];
    const openssl = (args: string[]): void => {
      const done = spawnSync('openssl', args);
      if (done.status !== 0) throw new Error(`openssl ${args[0]} failed: ${done.stderr.toString()}`);
    };
    const ext = join(dir, `${domain}.ext`);
    writeFileSync(ext, `subjectAltName=DNS:${domain}\n`);
    openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=${domain}`, '-keyout', key, '-out', csr]);
    openssl(
      signer
        ? ['x509', '-req', '-in', csr, '-CA', signer.cert, '-CAkey', signer.key, '-CAcreateserial', '-days', '1', '-extfile', ext, '-out', cert]
        : ['x509', '-req', '-in', csr, '-signkey', key, '-days', '1', '-extfile', ext, '-out', cert],
    );
    const certPem = readFileSync(cert, 'utf8') + (signer ? readFileSync(signer.cert, 'utf8') : '');
    return { certPem, keyPem: readFileSync(key, 'utf8'), expiresAt: new Date(new X509Certificate(readFileSync(cert)).validTo) };
  }

  /**
   * An operational domain whose certificate, issued long ago, expires tomorrow: its renewal came due (the checker
   * sets it CERT_RENEW_BEFORE_DAYS before expiry) a few seconds from now, so a handshake can see the old one first.
   */
  async function addExpiringDomain(domain: string, isApex: boolean, certificate: { certPem: string; keyPem: string; expiresAt: Date }): Promise<number> {
    const rows = await sql.query<{ id: number }>(
      `INSERT INTO custom_domains (account_id, app_id, domain, is_apex, record_name, verification_status, verified_at, hostname_status,
              next_check_at, ssl_status, ssl_active_at, cert_pem, key_sealed, cert_expires_at, next_ssl_at, caller)
       VALUES (1, 'appexpiring1', $1, $2, $3, 'verified', now() - interval '89 days', 'active', now() + interval '1 hour',
              'active', now() - interval '89 days', $4, $5, $6, now() + interval '3 seconds', $7) RETURNING id`,
      [domain, isApex, isApex ? '@' : domain.split('.')[0], certificate.certPem, sealSecret(secretsKey, certificate.keyPem), certificate.expiresAt, JSON.stringify(testCaller(1))],
    );
    return rows.rows[0]?.id ?? 0;
  }

  function startChild(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env }, stdio: 'ignore' });
    children.push(child);
    return child;
  }

  beforeAll(async () => {
    dnsPort = await freePort();
    const dnsAdminPort = await freePort();
    dnsAdmin = `http://127.0.0.1:${dnsAdminPort}`;
    startChild('pebble-challtestsrv', [
      '-dns01', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${dnsAdminPort}`,
      '-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '', '-defaultIPv6', '',
    ]);
    [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase('appgen_domains_edge')]);
    bus = await connect({ servers: nats.url });
    [edgePort, edgeTlsPort] = [await freePort(), await freePort()];
    edge = await startBuiltService('edge', { NATS_URL: nats.url, EDGE_PORT: String(edgePort), EDGE_TLS_PORT: String(edgeTlsPort) });

    // pebble validates http-01 challenges on the edge's HTTP port; domains-service is told to trust its certificate.
    const pebble = await writePebbleConfig(dir, edgePort);
    pebbleCert = pebble.certPath;
    startChild('pebble', ['-config', pebble.configPath, '-dnsserver', `127.0.0.1:${dnsPort}`], { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' });
    pebbleDirectory = pebble.directoryUrl;
    const pebbleCa = readFileSync(pebbleCert);
    await until(
      'pebble and challtestsrv',
      async () => {
        const dnsUp = await fetch(`${dnsAdmin}/`).then(() => true, () => false);
        const pebbleUp = await new Promise<boolean>((resolve) => {
          const req = httpsRequest(pebbleDirectory, { ca: pebbleCa }, (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          });
          req.on('error', () => resolve(false));
          req.end();
        });
        return dnsUp && pebbleUp;
      },
      Boolean,
    );

    baseEnv = {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      SECRETS_KEY: secretsKey.toString('base64'),
      DNS_RESOLVERS: `127.0.0.1:${dnsPort}`,
      DNS_CHECK_SCHEDULE: '1',
      DNS_RECHECK_SECONDS: '1',
      DATA_DIR: dir,
      TLS_ISSUER: 'internal',
    };
    await startDomainsService({});
    sql = new Client({ connectionString: database.url, options: '-c search_path=domains' });
    await sql.connect();
  }, 90_000);

  afterAll(async () => {
    await sql?.end();
    await stopDomainsService();
    await edge?.stop();
    await bus?.close();
    await Promise.all([nats?.stop(), database?.drop()]);
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it("frees an app's domains when the app is deleted, and the edge stops serving them; a service that was down catches up", async () => {
    const appId = `appdeleted${run.slice(0, 2)}`;
    const names = [`www.deleted-${run}.com`, `shop.deleted-${run}.com`];
    const ids = [await addDomain(appId, names[0] ?? ''), await addDomain(appId, names[1] ?? '')];
    for (const id of ids) await until(`domain ${id} operational`, () => rowOf(id), operational);
    for (const name of names) {
      expect(await refused(name)).toBe(false);
      expect(await overHttp(name)).toBe(308);
    }

    await appDeleted(appId);
    for (const id of ids) await until(`domain ${id} removed`, () => rowOf(id), (row) => row === undefined);
    for (const name of names) {
      expect(await refused(name)).toBe(true);
      expect(await overHttp(name)).toBe(404);
    }
    // The names are free: another app may add them.
    const again = await addDomain('appother0001', names[0] ?? '');
    await until('the name verified for the other app', () => rowOf(again), (row) => row?.verification_status === 'verified');

    // Deleted while domains-service is down: it hears of it when it is back.
    const laterApp = `applater00${run.slice(0, 2)}`;
    const laterId = await addDomain(laterApp, `www.later-${run}.com`);
    await until('the later domain operational', () => rowOf(laterId), operational);
    await stopDomainsService();
    await appDeleted(laterApp);
    // The same event twice (a redelivery) removes nothing more and fails nothing.
    await appDeleted(appId);
    await startDomainsService({});
    await until('the later domain removed', () => rowOf(laterId), (row) => row === undefined);
    expect(await refused(`www.later-${run}.com`)).toBe(true);
    // Nothing is left for the durable consumer: each event was acknowledged once handled.
    await until(
      'every app.deleted handled',
      async () => {
        const info = await (await bus.jetstreamManager()).consumers.info('EVENTS', 'domains-service-app-deleted');
        return info.num_pending + info.num_ack_pending;
      },
      (left) => left === 0,
    );
    expect(await rowOf(again)).toMatchObject({ verification_status: 'verified' });
  }, 60_000);

  it('re-checks a verified domain: pointed elsewhere it is moved and not served, pointed back it is active again', async () => {
    const domain = `www.moving-${run}.com`;
    const id = await addDomain(`appmoving0${run.slice(0, 2)}`, domain);
    const live = await until('operational', () => rowOf(id), operational);
    const served = await handshake(domain);
    expect(served.serial).toBe(new X509Certificate(live?.cert_pem ?? '').serialNumber);

    await dns('set-cname', { host: domain, target: 'somewhere-else.example.net' });
    // One re-check seeing the record elsewhere only suspects it: the domain stays verified and served until the next confirms.
    const suspected = await until('suspected', () => rowOf(id), (row) => (row?.recheck_misses ?? 0) > 0 || row?.hostname_status === 'moved');
    expect(suspected).toMatchObject({ recheck_misses: 1, verification_status: 'verified', hostname_status: 'active' });
    const moved = await until('moved', () => rowOf(id), (row) => row?.hostname_status === 'moved');
    expect(moved).toMatchObject({ verification_status: 'pending', ssl_status: 'active', recheck_misses: 0 });
    expect(moved?.verification_error).toContain('no longer points at appgen');
    expect(moved?.verification_error).toContain('somewhere-else.example.net');
    expect(await refused(domain)).toBe(true);
    expect(await overHttp(domain)).toBe(404);

    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    const back = await until('active again', () => rowOf(id), (row) => row?.hostname_status === 'active' && operational(row));
    expect(back?.verification_error).toBeNull();
    // The same certificate: nothing had to be issued again.
    expect((await handshake(domain)).serial).toBe(served.serial);
    expect(await overHttp(domain)).toBe(308);
  }, 60_000);

  it('renews an internal certificate near its expiry, and the running edge serves the new one', async () => {
    const domain = `www.renew-internal-${run}.com`;
    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    const ca = { cert: join(dir, 'domains-ca', 'ca.pem'), key: join(dir, 'domains-ca', 'ca-key.pem') };
    const old = shortCertificate(domain, ca);
    const id = await addExpiringDomain(domain, false, old);
    const before = await handshake(domain);
    expect(before.validTo.getTime()).toBeLessThan(Date.now() + 2 * 24 * 3600 * 1000);

    const renewed = await until('renewed', () => rowOf(id), (row) => (row?.cert_expires_at?.getTime() ?? 0) > Date.now() + 60 * 24 * 3600 * 1000);
    expect(renewed).toMatchObject({ ssl_status: 'active', verification_status: 'verified' });
    const after = await handshake(domain);
    expect(after.serial).not.toBe(before.serial);
    expect(after.serial).toBe(new X509Certificate(renewed?.cert_pem ?? '').serialNumber);
    expect(after.validTo.getTime()).toBeGreaterThan(Date.now() + 60 * 24 * 3600 * 1000);
    expect(edge.process.exitCode).toBeNull();
  }, 30_000);

  it('renews an ACME certificate near its expiry through the CA, and the running edge serves the new one', async () => {
    await stopDomainsService();
    await startDomainsService({ TLS_ISSUER: 'acme', ACME_DIRECTORY_URL: pebbleDirectory, NODE_EXTRA_CA_CERTS: pebbleCert });
    // An apex domain: its A record is both what the re-check wants and where pebble fetches the http-01 challenge.
    const domain = `renew-acme-${run}.com`;
    await dns('add-a', { host: domain, addresses: ['127.0.0.1'] });
    const id = await addExpiringDomain(domain, true, shortCertificate(domain));
    const before = await handshake(domain);
    expect(before.issuer).toBe(domain);

    const renewed = await until('renewed by the CA', () => rowOf(id), (row) => (row?.cert_expires_at?.getTime() ?? 0) > Date.now() + 2 * 24 * 3600 * 1000, 60_000);
    expect(renewed).toMatchObject({ ssl_status: 'active', verification_status: 'verified' });
    const after = await handshake(domain);
    expect(after.serial).toBe(new X509Certificate(renewed?.cert_pem ?? '').serialNumber);
    expect(after.issuer).toMatch(/Pebble/i);
    expect(edge.process.exitCode).toBeNull();
  }, 90_000);
});
