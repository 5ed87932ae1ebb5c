import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import supertest from 'supertest';
import { freePort } from '@appgen/testing';
import { adminAccount, api, closeBus, deployedApp, e2eEnv, generatedApp, platformControl, until, type TestAccount } from './support';

/**
 * Custom domains end to end (contract 4.6, issue 14) against a real DNS server and a real ACME CA on loopback:
 * pebble-challtestsrv answers DNS (its records set over its management API) and pebble issues certificates after
 * fetching the http-01 challenge from the edge's HTTP port. domains-service is restarted to use both, and put back
 * as it was at the end.
 */
describe('custom domains', () => {
  const run = randomBytes(3).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'appgen-domains-'));
  const children: ChildProcess[] = [];
  let dnsPort = 0;
  let dnsAdmin = '';
  let pebbleDirectory = '';
  let pebbleRoot = '';
  let owner: TestAccount;
  let stranger: TestAccount;
  let appId: string;
  let strangerAppId: string;
  let defaultProductionUrl: string;

  const domains = (id = appId) => `/api/v1/managed_apps/${id}/custom_domains`;
  const as = (account: TestAccount) => ({
    get: (path: string) => api().get(path).set('X-API-Key', account.key),
    post: (path: string, body?: object) => api().post(path).set('X-API-Key', account.key).send(body),
    delete: (path: string) => api().delete(path).set('X-API-Key', account.key),
  });

  async function dns(action: string, body: object): Promise<void> {
    const response = await fetch(`${dnsAdmin}/${action}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`challtestsrv ${action}: ${response.status}`);
  }

  async function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
    await until(
      `${name} listening on ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${dir}`);
        return fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          (error: { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
        );
      },
      Boolean,
      15_000,
    );
  }

  function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const log: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    // Into the run's log folder, which outlives this spec's scratch folder (kept when something failed).
    child.on('exit', () => writeFileSync(join(e2eEnv().logDir, `${command.split('/').pop() ?? 'child'}.log`), log.join('')));
    children.push(child);
    return child;
  }

  /** An HTTPS request to the edge's TLS port for `domain`, the name sent as SNI, trusting only `ca`. */
  function overHttps(domain: string, path: string, ca: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string; certificate: PeerCertificate }> {
    const url = new URL(e2eEnv().edgeTls);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: url.hostname,
          port: url.port,
          path,
          servername: domain,
          headers: { host: domain },
          ca,
          agent: new Agent({ keepAlive: false }),
          // The address connected to is loopback; the certificate must be the domain's.
          checkServerIdentity: (_host, cert) => checkServerIdentity(domain, cert),
        },
        (res) => {
          const chunks: Buffer[] = [];
          const certificate = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), certificate }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    dnsPort = await freePort();
    const dnsAdminPort = await freePort();
    dnsAdmin = `http://127.0.0.1:${dnsAdminPort}`;
    // No default answers: a name has only the records a test gives it.
    const challtestsrv = start('pebble-challtestsrv', [
      '-dns01', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${dnsAdminPort}`,
      '-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '', '-defaultIPv6', '',
    ]);
    await waitForPort(dnsAdminPort, challtestsrv, 'pebble-challtestsrv');

    // pebble serves its directory over HTTPS with a certificate of our own making, which domains-service is told to trust.
    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2',
      '-subj', '/CN=pebble.localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'pebble-key.pem'), '-out', join(dir, 'pebble-cert.pem'),
    ]);
    if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
    const pebblePort = await freePort();
    const pebbleAdminPort = await freePort();
    const edgeHttpPort = Number(new URL(e2eEnv().edge).port);
    writeFileSync(
      join(dir, 'pebble.json'),
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${pebblePort}`,
          managementListenAddress: `127.0.0.1:${pebbleAdminPort}`,
          certificate: join(dir, 'pebble-cert.pem'),
          privateKey: join(dir, 'pebble-key.pem'),
          // http-01 validation connects here: the edge's HTTP port, as port 80 would be in production.
          httpPort: edgeHttpPort,
          tlsPort: await freePort(),
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );
    const pebble = start('pebble', ['-config', join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dnsPort}`], { PEBBLE_VA_NOSLEEP: '1' });
    pebbleDirectory = `https://127.0.0.1:${pebblePort}/dir`;
    const pebbleCa = readFileSync(join(dir, 'pebble-cert.pem'), 'utf8');
    pebbleRoot = await until(
      "pebble's root certificate",
      async () => {
        if (pebble.exitCode !== null) throw new Error(`pebble exited with ${pebble.exitCode}; see ${dir}`);
        return new Promise<string>((resolve) => {
          const req = httpsRequest(`https://127.0.0.1:${pebbleAdminPort}/roots/0`, { ca: pebbleCa }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(res.statusCode === 200 ? Buffer.concat(chunks).toString('utf8') : ''));
          });
          req.on('error', () => resolve(''));
          req.end();
        });
      },
      (pem) => pem.includes('BEGIN CERTIFICATE'),
      15_000,
    );

    await platformControl().restart('domains-service', {
      DNS_RESOLVERS: `127.0.0.1:${dnsPort}`,
      DNS_CHECK_SCHEDULE: '1',
      TLS_ISSUER: 'acme',
      ACME_DIRECTORY_URL: pebbleDirectory,
      NODE_EXTRA_CA_CERTS: join(dir, 'pebble-cert.pem'),
    });

    owner = await adminAccount('enterprise', 'domains');
    stranger = await adminAccount('enterprise', 'domains-stranger');
    ({ appId } = await generatedApp(owner.key, 'A tiny guest book where visitors leave a name and a message'));
    defaultProductionUrl = await deployedApp(owner.key, appId);
    strangerAppId = (await as(stranger).post('/api/v1/managed_apps', { name: 'Stranger app' }).expect(201)).body.app.id;
  }, 180_000);

  afterAll(async () => {
    try {
      await platformControl().restart('domains-service', {});
    } finally {
      // Waited for, so none is still writing into the scratch folder as it goes.
      await Promise.all(
        children.map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? undefined
            : new Promise<void>((resolve) => {
                child.once('exit', () => resolve());
                child.kill('SIGTERM');
              }),
        ),
      );
      await closeBus();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses names that are not public host names, without a stack trace', async () => {
    for (const domain of ['127.0.0.1', 'localhost', 'shop.localhost', `${appId}.apps.localhost`, 'https://example.com/x', 'nodot', `${'a'.repeat(250)}.com`, '']) {
      const response = await as(owner).post(domains(), { domain }).expect(422);
      expect(response.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'domain' }] });
    }
    await as(owner).post(domains(), {}).expect(422);
    await as(owner).post(domains(), { domain: 'www.example.com', extra: 1 }).expect(422);
    await as(owner).post(domains(), { domain: 42 }).expect(422);
  });

  it('verifies a subdomain by its CNAME, gets its certificate from the ACME CA and serves it over HTTPS', async () => {
    const domain = `www.shop-${run}.com`;
    const created = await as(owner).post(domains(), { domain: domain.toUpperCase() }).expect(201);
    expect(created.body).toMatchObject({
      custom_domain: { domain, url: `https://${domain}`, verification_status: 'pending', ssl_status: 'pending', primary: false, operational: false, is_apex: false },
      dns_records: { type: 'CNAME', name: 'www', value: 'cname.apps.localhost', ttl: 300 },
      cname_target: 'cname.apps.localhost',
    });
    const id: number = created.body.custom_domain.id;
    const pending = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(pending.body).toMatchObject({ cloudflare_status: 'pending', ssl_status: 'pending', custom_domain: { verification_status: 'pending' } });

    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    await until('the domain verified', async () => (await as(owner).get(`${domains()}/${id}`).expect(200)).body.custom_domain, (d) => d.verification_status === 'verified', 20_000);
    // challtestsrv answers a CNAME'd name's A query with the CNAME alone, which pebble's resolver does not chase (a
    // recursive resolver would return the whole chain): pebble gets the edge's address directly.
    await dns('clear-cname', { host: domain });
    await dns('add-a', { host: domain, addresses: ['127.0.0.1'] });

    const status = await until(
      'the certificate issued',
      async () => (await as(owner).post(`${domains()}/${id}/check_status`).expect(200)).body,
      (body) => body.ssl_status === 'active' || body.ssl_status === 'failed',
      60_000,
    );
    expect(status).toMatchObject({ cloudflare_status: 'active', ssl_status: 'active', custom_domain: { operational: true, active: true, ssl_error: null } });
    expect(status.custom_domain.verified_at).toEqual(expect.any(String));

    const served = await overHttps(domain, '/', pebbleRoot);
    expect(served.status).toBe(200);
    expect(served.body).toContain('<!doctype html>'.slice(0, 5));
    expect(served.certificate.subjectaltname).toBe(`DNS:${domain}`);
    expect(served.certificate.issuer.CN).toMatch(/Pebble/i);
    // Only a preview may be framed (by the console): a custom domain, like a production address, never.
    expect(served.headers['x-frame-options']).toBe('DENY');
    expect(served.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // HTTP redirects to HTTPS on the edge's TLS port.
    const plain = await supertest(e2eEnv().edge).get('/guestbook?x=1').set('Host', domain).expect(308);
    expect(plain.headers['location']).toBe(`https://${domain}:${new URL(e2eEnv().edgeTls).port}/guestbook?x=1`);

    // Made primary: the app's production address follows, in the app, its status view and AGENTS.md.
    const primary = await as(owner).post(`${domains()}/${id}/set_primary`).expect(200);
    expect(primary.body).toMatchObject({ custom_domain: { primary: true }, message: expect.stringContaining(domain) });
    expect((await as(owner).get(`/api/v1/managed_apps/${appId}`).expect(200)).body.app.production_url).toBe(`https://${domain}`);
    expect((await as(owner).get(`/api/v1/managed_apps/${appId}/status`).expect(200)).body.urls.production).toBe(`https://${domain}`);
    const manifest = (await as(owner).get(`/api/v1/managed_apps/${appId}/files?path=AGENTS.md`).expect(200)).body.files[0].content as string;
    expect(manifest).toContain(`https://${domain}`);

    // Refreshed: a fresh cycle that finds the record at once, the domain stays operational.
    await dns('clear-a', { host: domain });
    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    const refreshed = await as(owner).post(`${domains()}/${id}/refresh`).expect(200);
    expect(refreshed.body).toMatchObject({ custom_domain: { verification_status: 'verified', operational: true }, message: expect.any(String) });

    // Deleted: the edge stops serving it at once, and production_url is the default address again.
    expect((await as(owner).delete(`${domains()}/${id}`).expect(200)).body).toMatchObject({ success: true, message: expect.any(String) });
    await expect(overHttps(domain, '/', pebbleRoot)).rejects.toThrow();
    await supertest(e2eEnv().edge).get('/').set('Host', domain).expect(404);
    await as(owner).get(`${domains()}/${id}`).expect(404);
    expect((await as(owner).get(`/api/v1/managed_apps/${appId}`).expect(200)).body.app.production_url).toBe(defaultProductionUrl);
  }, 150_000);

  it('asks an apex domain for an A record and verifies it by that record', async () => {
    const domain = `apex-${run}.com`;
    const created = await as(owner).post(domains(), { domain }).expect(201);
    expect(created.body.custom_domain).toMatchObject({ is_apex: true, dns_records: { type: 'A', name: '@', value: '127.0.0.1', ttl: 300 } });
    await dns('add-a', { host: domain, addresses: ['127.0.0.1'] });
    const checked = await as(owner).post(`${domains()}/${created.body.custom_domain.id}/check_status`).expect(200);
    expect(checked.body.custom_domain.verification_status).toBe('verified');
    await as(owner).delete(`${domains()}/${created.body.custom_domain.id}`).expect(200);
  });

  it('keeps a domain to one app across accounts and another account out of an app’s domains', async () => {
    const domain = `taken-${run}.org`;
    const created = await as(owner).post(domains(), { domain }).expect(201);
    const id: number = created.body.custom_domain.id;
    expect((await as(stranger).post(domains(strangerAppId), { domain }).expect(409)).body).toMatchObject({ error: 'conflict' });
    await as(owner).post(domains(), { domain: domain.toUpperCase() }).expect(409);
    await as(stranger).get(domains()).expect(404);
    await as(stranger).get(`${domains()}/${id}`).expect(404);
    await as(stranger).get(`${domains(strangerAppId)}/${id}`).expect(404);
    await as(stranger).delete(`${domains(strangerAppId)}/${id}`).expect(404);
    await as(owner).delete(`${domains()}/${id}`).expect(200);
  });

  it('shows a verified domain whose record was pointed elsewhere as moved, and active again once pointed back', async () => {
    const domain = `www.moving-${run}.com`;
    const id: number = (await as(owner).post(domains(), { domain }).expect(201)).body.custom_domain.id;
    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    const verified = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(verified.body).toMatchObject({ cloudflare_status: 'active', custom_domain: { verification_status: 'verified', active: true } });

    await dns('set-cname', { host: domain, target: 'shop.other-host.example' });
    const moved = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(moved.body).toMatchObject({ cloudflare_status: 'moved', custom_domain: { verification_status: 'pending', active: false, operational: false } });
    expect(moved.body.custom_domain.verification_error).toContain('no longer points at appgen');
    expect((await as(owner).get(domains()).expect(200)).body.custom_domains).toContainEqual(expect.objectContaining({ id, active: false }));

    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    const back = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(back.body).toMatchObject({ cloudflare_status: 'active', custom_domain: { verification_status: 'verified', active: true, verification_error: null } });
    await as(owner).delete(`${domains()}/${id}`).expect(200);
  });

  it("frees an app's domains when the app is deleted: another account can then add them", async () => {
    const doomed = (await as(owner).post('/api/v1/managed_apps', { name: 'Short-lived app' }).expect(201)).body.app.id as string;
    const domain = `www.freed-${run}.com`;
    const id: number = (await as(owner).post(domains(doomed), { domain }).expect(201)).body.custom_domain.id;
    await dns('set-cname', { host: domain, target: 'cname.apps.localhost' });
    await as(owner).post(`${domains(doomed)}/${id}/check_status`).expect(200);
    await as(stranger).post(domains(strangerAppId), { domain }).expect(409);

    await as(owner).delete(`/api/v1/managed_apps/${doomed}`).expect(200);
    // domains-service hears app.deleted from the event stream, within moments.
    const added = await until('the name free', async () => (await as(stranger).post(domains(strangerAppId), { domain })).status, (status) => status !== 409, 20_000);
    expect(added).toBe(201);
    await supertest(e2eEnv().edge).get('/').set('Host', domain).expect(404);
    const mine = (await as(stranger).get(domains(strangerAppId)).expect(200)).body.custom_domains as Array<{ id: number; domain: string }>;
    for (const row of mine) await as(stranger).delete(`${domains(strangerAppId)}/${row.id}`).expect(200);
  });

  it('allows five domains per app: the sixth is refused and can_add_more turns false', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await as(owner).post(domains(), { domain: `d${i}.limit-${run}.net` }).expect(201)).body.custom_domain.id);
    const list = await as(owner).get(domains()).expect(200);
    expect(list.body).toMatchObject({ cname_target: 'cname.apps.localhost', can_add_more: false });
    expect(list.body.custom_domains).toHaveLength(5);
    const sixth = await as(owner).post(domains(), { domain: `d5.limit-${run}.net` }).expect(422);
    expect(sixth.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'domain' }] });
    await as(owner).delete(`${domains()}/${ids[0]}`).expect(200);
    expect((await as(owner).get(domains()).expect(200)).body.can_add_more).toBe(true);
    for (const id of ids.slice(1)) await as(owner).delete(`${domains()}/${id}`).expect(200);
  });
});
