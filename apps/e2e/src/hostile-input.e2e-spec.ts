import { adminAccount, api, closeBus, platformControl, type TestAccount } from './support';

/** Inputs from clients that are wrong in ways no form would produce: never a 500, always the error body. */
describe('hostile and malformed input', () => {
  let owner: TestAccount;
  let appId: string;
  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'hostile');
    appId = (await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Target' })).body.app.id;
  });
  afterAll(closeBus);

  it.each([
    ['a NUL byte in a body string', { description: 'a\u0000b' }, 'description'],
    ['a NUL byte nested in a body', { name: 'ok', description: 'fine', extra: { a: '\u0000' } }, 'extra.a'],
    ['null for a field that cannot be empty', { name: null }, 'name'],
    ['null for visibility', { visibility: null }, 'visibility'],
  ])('%s is a 422 naming the field', async (_case, body, field) => {
    const response = await api().patch(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key).send(body);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('validation_failed');
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it.each([
    ['events nested 3,000 arrays deep', '/api/v1/webhooks', `{"url":"https://example.com/h","events":${'['.repeat(3000)}${']'.repeat(3000)}}`, 'events'],
    ['metadata nested 3,000 objects deep', '/api/v1/generation_queue', `{"prompt":"A guest book","metadata":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`, 'metadata'],
    ['a name with half of a surrogate pair', '/api/v1/webhooks', '{"url":"https://example.com/h","events":["app.created"],"name":"Hooks \\ud800"}', 'name'],
    ['a __proto__ key', '/api/v1/webhooks', '{"url":"https://example.com/h","events":["app.created"],"__proto__":{"admin":true}}', 'body'],
  ])('%s is a 422 naming the field, not a crash', async (_case, path, raw, field) => {
    const response = await api().post(path).set('X-API-Key', owner.key).set('content-type', 'application/json').send(raw);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: 'validation_failed', errors: [expect.objectContaining({ field: expect.stringContaining(field) })] });
  });

  it('refuses fields sent to a route that takes no body, instead of ignoring them', async () => {
    const before = (await api().get('/api/v1/webhooks/callback_secret').set('X-API-Key', owner.key).expect(200)).body.secret;
    const rotate = await api().post('/api/v1/webhooks/callback_secret/rotate').set('X-API-Key', owner.key).send({ secret: 'mine-mine-mine-mine' });
    expect(rotate.status).toBe(422);
    expect(rotate.body.errors).toEqual([{ field: 'secret', message: 'is not accepted: this route takes no body' }]);
    expect((await api().get('/api/v1/webhooks/callback_secret').set('X-API-Key', owner.key).expect(200)).body.secret).toBe(before);
    const deploy = await api().post(`/api/v1/managed_apps/${appId}/deploy`).set('X-API-Key', owner.key).send({ environment: 'staging' });
    expect(deploy.status).toBe(422);
    expect(deploy.body.errors).toEqual([expect.objectContaining({ field: 'environment' })]);
  });

  it('treats a NUL byte in a query or an id as nothing found or invalid, not a crash', async () => {
    const query = await api().get('/api/v1/managed_apps?name=%00').set('X-API-Key', owner.key);
    expect(query.status).toBe(422);
    for (const method of ['get', 'delete'] as const) {
      const response = await api()[method]('/api/v1/managed_apps/%00').set('X-API-Key', owner.key);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    expect((await api().post('/api/v1/accounts').send({ email: 'nul@example.com', name: 'a\u0000' })).status).toBe(422);
    expect((await api().get(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key)).body.app.name).toBe('Target');
  });

  it('answers a malformed URL and a very long id with the error body', async () => {
    const badEncoding = await api().get('/api/v1/managed_apps/%ZZ').set('X-API-Key', owner.key);
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body).toEqual({ error: 'bad_request', message: expect.any(String) });
    const longId = await api().get(`/api/v1/managed_apps/${'a'.repeat(500)}`).set('X-API-Key', owner.key);
    expect(longId.status).toBe(404);
    expect(longId.body.error).toBe('not_found');
  });

  it('says how to authenticate on a 401', async () => {
    const response = await api().get('/api/v1/managed_apps');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="appgen"/);
  });

  it('answers 503 with Retry-After, naming no internal subject, while a service is down', async () => {
    const control = platformControl();
    await control.kill('apps-service');
    try {
      const response = await api().get(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'service_unavailable', message: expect.stringMatching(/apps service/) });
      expect(response.text).not.toMatch(/managed_apps\.get|apps\.managed_apps/);
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await control.start('apps-service');
    }
  });
});
