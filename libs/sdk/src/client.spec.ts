import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiBaseUrl, createAppgenClient } from './client';
import { AppgenApiError, dataOf } from './errors';
import { startFakeApi, type FakeApi } from '@appgen/testing';
import { SDK_VERSION } from './version';

describe('createAppgenClient', () => {
  let api: FakeApi | undefined;
  afterEach(() => api?.close());

  it('takes the site root or the API address', () => {
    expect(apiBaseUrl('https://appgen.example')).toBe('https://appgen.example/api/v1');
    expect(apiBaseUrl('https://appgen.example/api/v1/')).toBe('https://appgen.example/api/v1');
    expect(apiBaseUrl()).toBe('http://localhost:3000/api/v1');
  });

  it('sends the API key, or else the bearer token, and names itself in the User-Agent', async () => {
    api = await startFakeApi(() => ({ body: { apps: [], meta: { current_page: 1, total_pages: 0, total_count: 0, per_page: 25 } } }));
    await createAppgenClient({ baseUrl: api.url, apiKey: 'svc_key', userAgent: 'my-tool/2' }).GET('/managed_apps');
    await createAppgenClient({ baseUrl: api.url, accessToken: 'at_token' }).GET('/managed_apps');
    const [withKey, withToken] = api.requests;
    expect(withKey?.headers).toMatchObject({ 'x-api-key': 'svc_key', 'user-agent': `my-tool/2 appgen-sdk/${SDK_VERSION}` });
    expect(withKey?.headers.authorization).toBeUndefined();
    expect(withToken?.headers).toMatchObject({ authorization: 'Bearer at_token', 'user-agent': `appgen-sdk/${SDK_VERSION}` });
  });

  it('dataOf throws the API error body with its status', async () => {
    api = await startFakeApi(() => ({ status: 401, body: { error: 'unauthorized', message: 'Invalid API key' } }));
    const failure = await dataOf(createAppgenClient({ baseUrl: api.url, apiKey: 'svc_bad' }).GET('/managed_apps')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppgenApiError);
    expect(failure).toMatchObject({ status: 401, code: 'unauthorized', message: 'Invalid API key', body: { error: 'unauthorized', message: 'Invalid API key' } });
  });

  it('dataOf words an answer that is not the API error body (a proxy page) as one', async () => {
    api = await startFakeApi(() => ({ status: 502, body: 'Bad gateway' }));
    const failure = await dataOf(createAppgenClient({ baseUrl: api.url }).GET('/managed_apps')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, body: { error: 'http_502' } });
  });

  it('reaches routes it has no types for with unchecked(), with the same credential', async () => {
    api = await startFakeApi((request) => (request.method === 'POST' ? { status: 201, body: { custom_domain: { id: 1 } } } : undefined));
    const client = createAppgenClient({ baseUrl: api.url, apiKey: 'svc_key' });
    const created = await client.unchecked('post', '/managed_apps/app1/custom_domains', { domain: 'shop.example.com' });
    expect(created.data).toEqual({ custom_domain: { id: 1 } });
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/managed_apps/app1/custom_domains', body: { domain: 'shop.example.com' }, headers: { 'x-api-key': 'svc_key' } });
    const missing = await client.unchecked('GET', 'managed_apps/app1/custom_domains');
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ error: 'not_found' });
  });

  it('announces the version its package.json has', () => {
    expect(JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')).version).toBe(SDK_VERSION);
  });
});
