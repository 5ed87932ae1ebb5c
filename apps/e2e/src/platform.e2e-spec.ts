import { SERVICE_SCHEMAS } from '@appgen/service-kit/database';
import { Client } from 'pg';
import { api, e2eEnv, platformControl } from './support';

async function healthStatus(url: string): Promise<number | 'unreachable'> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'unreachable';
  }
}

describe('the platform under test', () => {
  it('runs two gateway replicas and every other built service, each reporting healthy', async () => {
    const { health } = e2eEnv();
    expect(Object.keys(health)).toEqual(expect.arrayContaining(['gateway', 'gateway-2']));
    for (const [name, url] of Object.entries(health)) {
      const response = await fetch(url);
      expect({ name, status: response.status }).toEqual({ name, status: 200 });
      const body: { status?: string } = JSON.parse(await response.text());
      expect({ name, status: body.status }).toEqual({ name, status: 'ok' });
    }
  });

  it.each([0, 1])('serves the OpenAPI document, version 1.0.0, from gateway replica %i', async (gateway) => {
    const response = await api(gateway).get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.info.version).toBe('1.0.0');
  });

  it('runs every service that stores data as its own database role, and the others with no connection at all', async () => {
    const { databaseUrl, databaseUrls, health } = e2eEnv();
    const expected = Object.fromEntries(Object.keys(SERVICE_SCHEMAS).map((service) => [service, [new URL(databaseUrls[service]).username]]));
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const adminRole = (await admin.query<{ role: string }>('SELECT current_user AS role')).rows[0].role;
      expect(Object.values(expected).flat()).not.toContain(adminRole);
      expect(new Set(Object.values(expected).flat()).size).toBe(Object.keys(expected).length);
      // /health queries each service's database, so each has a connection open (pools close idle ones after a while).
      await Promise.all(Object.values(health).map((url) => fetch(url).then((response) => response.arrayBuffer())));
      const { rows } = await admin.query<{ service: string; roles: string[] }>(
        `SELECT application_name AS service, array_agg(DISTINCT usename::text ORDER BY usename::text) AS roles
           FROM pg_stat_activity WHERE datname = current_database() AND application_name = ANY($1) GROUP BY application_name`,
        [Object.keys(health)],
      );
      expect(Object.fromEntries(rows.map((row) => [row.service, row.roles]))).toEqual(expected);
    } finally {
      await admin.end();
    }
  });

  it('lets a test stop a service and start it again', async () => {
    const control = platformControl();
    const url = e2eEnv().health['apps-service'];
    expect(url).toBeDefined();
    await control.kill('apps-service');
    try {
      expect(await healthStatus(`${url}`)).toBe('unreachable');
    } finally {
      await control.start('apps-service');
    }
    expect(await healthStatus(`${url}`)).toBe(200);
  });
});
