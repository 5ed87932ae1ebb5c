import { loadEdgeConfig } from '../config/edge.config';
import { HostedAppsServer } from './hosted-apps.server';

describe('HostedAppsServer', () => {
  const hosted = new HostedAppsServer(loadEdgeConfig({}));
  const server = hosted.instance;

  afterAll(() => server.close());

  it('answers a preview address with a 404 page naming the app', async () => {
    const response = await server.inject({ url: '/', headers: { host: 'preview-abc123def456.preview.localhost:8080' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('App abc123def456 has no preview yet.');
    expect(response.headers['server']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers a production address on any path and method', async () => {
    const response = await server.inject({ method: 'POST', url: '/deep/path?x=1', headers: { host: 'abc123def456.apps.localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('App abc123def456 is not deployed.');
  });

  it('says no app is served at an unknown host, escaping what the client sent', async () => {
    const plain = await server.inject({ url: '/health', headers: { host: 'example.com' } });
    expect(plain.statusCode).toBe(404);
    expect(plain.body).toContain('No app is served at example.com.');

    const hostile = await server.inject({ url: '/', headers: { host: '<script>alert(1)</script>' } });
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).not.toContain('<script>');
    expect(hostile.body).toContain('No app is served at this address.');
  });

  it('answers JSON to clients asking for it', async () => {
    const response = await server.inject({
      url: '/_api/items',
      headers: { host: 'preview-abc123def456.preview.localhost', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ error: 'not_found', message: 'App abc123def456 has no preview yet.' });
  });

  it('ignores a body it cannot parse', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/',
      headers: { host: 'abc123def456.apps.localhost', 'content-type': 'application/json', accept: 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'App abc123def456 is not deployed.' });
  });
});
