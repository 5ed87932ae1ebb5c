import { adminAccount, api, closeBus, type TestAccount } from './support';

const STACK = /\bat .+[(/].+:\d+:\d+|node_modules|\.ts:\d+|\.js:\d+/;

describe('error bodies and the API reference', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'errors');
  });
  afterAll(closeBus);

  it.each([
    ['unknown route', () => api().get('/api/v1/definitely_not_here').set('X-API-Key', owner.key), 404, 'not_found'],
    ['unknown app', () => api().get('/api/v1/managed_apps/zzzzzzzzzzzz').set('X-API-Key', owner.key), 404, 'not_found'],
    [
      'malformed JSON',
      () => api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).set('Content-Type', 'application/json').send('{"name": '),
      400,
      'invalid_json',
    ],
    [
      'a body that is not an object',
      () => api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).set('Content-Type', 'application/json').send('[1,2]'),
      422,
      'validation_failed',
    ],
    [
      'a body that is not JSON',
      () => api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).set('Content-Type', 'text/plain').send('name=x'),
      415,
      'unsupported_media_type',
    ],
    [
      'a body over 1 MB',
      () => api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ description: 'x'.repeat(1_100_000) }),
      413,
      'payload_too_large',
    ],
  ])('%s gets a clean error body', async (_case, send, status, error) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ error, message: expect.any(String) });
    expect(Object.keys(response.body).filter((k) => !['error', 'message', 'errors'].includes(k))).toEqual([]);
    expect(response.text).not.toMatch(STACK);
  });

  it('publishes an OpenAPI document built from the routes, and a browsable reference', async () => {
    const response = await api().get('/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    for (const [path, method] of [
      ['/managed_apps', 'get'],
      ['/managed_apps', 'post'],
      ['/managed_apps/{id}', 'get'],
      ['/managed_apps/{id}', 'patch'],
      ['/managed_apps/{id}', 'delete'],
      ['/apps', 'get'],
      ['/apps/{id}', 'get'],
      ['/apps/{id}', 'delete'],
      ['/api_keys', 'get'],
      ['/api_keys', 'post'],
      ['/api_keys/{id}', 'get'],
      ['/api_keys/{id}', 'delete'],
      ['/accounts', 'post'],
      ['/auth/magic_code', 'post'],
    ]) {
      expect({ path, method, documented: Boolean(document.paths[path as string]?.[method as string]) }).toEqual({
        path,
        method,
        documented: true,
      });
    }
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/v1'))).toBe(false);

    const reference = await api().get('/docs');
    expect(reference.status).toBe(200);
    expect(reference.headers['content-type']).toMatch(/text\/html/);
  });
});
