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
