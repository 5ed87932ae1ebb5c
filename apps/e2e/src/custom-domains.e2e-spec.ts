import { randomBytes } from 'node:crypto';
import { Agent, request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import supertest from 'supertest';
import { adminAccount, api, closeBus, deployedApp, e2eEnv, generatedApp, startDomainLab, until, type DomainLab, type TestAccount } from './support';

/**
 * Custom domains end to end (contract 4.6, issue 14) against a real DNS server and a real ACME CA on loopback:
 * pebble-challtestsrv answers DNS (its records set over its management API) and pebble issues certificates after
 * fetching the http-01 challenge from the edge's HTTP port. domains-service is restarted to use both, and put back
 * as it was at the end.
 */
describe('custom domains', () => {
  const run = randomBytes(3).toString('hex');
  let lab: DomainLab;
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
    lab = await startDomainLab({ acme: true });
    owner = await adminAccount('enterprise', 'domains');
    stranger = await adminAccount('enterprise', 'domains-stranger');
    ({ appId } = await generatedApp(owner.key, 'A tiny guest book where visitors leave a name and a message'));
    defaultProductionUrl = await deployedApp(owner.key, appId);
    strangerAppId = (await as(stranger).post('/api/v1/managed_apps', { name: 'Stranger app' }).expect(201)).body.app.id;
  }, 180_000);

  afterAll(async () => {
    try {
      await lab?.close();
    } finally {
      await closeBus();
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

    await lab.dns({ action: 'set-cname', host: domain, target: 'cname.apps.localhost' });
    await until('the domain verified', async () => (await as(owner).get(`${domains()}/${id}`).expect(200)).body.custom_domain, (d) => d.verification_status === 'verified', 20_000);
    // challtestsrv answers a CNAME'd name's A query with the CNAME alone, which pebble's resolver does not chase (a
    // recursive resolver would return the whole chain): pebble gets the edge's address directly.
    await lab.dns({ action: 'clear-cname', host: domain });
    await lab.dns({ action: 'add-a', host: domain, addresses: ['127.0.0.1'] });

    const status = await until(
      'the certificate issued',
      async () => (await as(owner).post(`${domains()}/${id}/check_status`).expect(200)).body,
      (body) => body.ssl_status === 'active' || body.ssl_status === 'failed',
      60_000,
    );
    expect(status).toMatchObject({ cloudflare_status: 'active', ssl_status: 'active', custom_domain: { operational: true, active: true, ssl_error: null } });
    expect(status.custom_domain.verified_at).toEqual(expect.any(String));

    const served = await overHttps(domain, '/', lab.acmeRoot);
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
    await lab.dns({ action: 'clear-a', host: domain });
    await lab.dns({ action: 'set-cname', host: domain, target: 'cname.apps.localhost' });
    const refreshed = await as(owner).post(`${domains()}/${id}/refresh`).expect(200);
    expect(refreshed.body).toMatchObject({ custom_domain: { verification_status: 'verified', operational: true }, message: expect.any(String) });

    // Deleted: the edge stops serving it at once, and production_url is the default address again.
    expect((await as(owner).delete(`${domains()}/${id}`).expect(200)).body).toMatchObject({ success: true, message: expect.any(String) });
    await expect(overHttps(domain, '/', lab.acmeRoot)).rejects.toThrow();
    await supertest(e2eEnv().edge).get('/').set('Host', domain).expect(404);
    await as(owner).get(`${domains()}/${id}`).expect(404);
    expect((await as(owner).get(`/api/v1/managed_apps/${appId}`).expect(200)).body.app.production_url).toBe(defaultProductionUrl);
  }, 150_000);

  it('asks an apex domain for an A record and verifies it by that record', async () => {
    const domain = `apex-${run}.com`;
    const created = await as(owner).post(domains(), { domain }).expect(201);
    expect(created.body.custom_domain).toMatchObject({ is_apex: true, dns_records: { type: 'A', name: '@', value: '127.0.0.1', ttl: 300 } });
    await lab.dns({ action: 'add-a', host: domain, addresses: ['127.0.0.1'] });
    const checked = await as(owner).post(`${domains()}/${created.body.custom_domain.id}/check_status`).expect(200);
    expect(checked.body.custom_domain.verification_status).toBe('verified');
    // Deleted by several requests at once, it is removed by exactly one: the others find nothing (404).
    const statuses = await Promise.all(Array.from({ length: 4 }, async () => (await as(owner).delete(`${domains()}/${created.body.custom_domain.id}`)).status));
    expect(statuses.sort()).toEqual([200, 404, 404, 404]);
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
    await lab.dns({ action: 'set-cname', host: domain, target: 'cname.apps.localhost' });
    const verified = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(verified.body).toMatchObject({ cloudflare_status: 'active', custom_domain: { verification_status: 'verified', active: true } });

    await lab.dns({ action: 'set-cname', host: domain, target: 'shop.other-host.example' });
    const moved = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(moved.body).toMatchObject({ cloudflare_status: 'moved', custom_domain: { verification_status: 'pending', active: false, operational: false } });
    expect(moved.body.custom_domain.verification_error).toContain('no longer points at appgen');
    expect((await as(owner).get(domains()).expect(200)).body.custom_domains).toContainEqual(expect.objectContaining({ id, active: false }));

    await lab.dns({ action: 'set-cname', host: domain, target: 'cname.apps.localhost' });
    const back = await as(owner).post(`${domains()}/${id}/check_status`).expect(200);
    expect(back.body).toMatchObject({ cloudflare_status: 'active', custom_domain: { verification_status: 'verified', active: true, verification_error: null } });
    await as(owner).delete(`${domains()}/${id}`).expect(200);
  });

  it("frees an app's domains when the app is deleted: another account can then add them", async () => {
    const doomed = (await as(owner).post('/api/v1/managed_apps', { name: 'Short-lived app' }).expect(201)).body.app.id as string;
    const domain = `www.freed-${run}.com`;
    const id: number = (await as(owner).post(domains(doomed), { domain }).expect(201)).body.custom_domain.id;
    await lab.dns({ action: 'set-cname', host: domain, target: 'cname.apps.localhost' });
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
