import 'reflect-metadata';
import { PUBLIC_APP, SITE_URL, UNBUILT_APP, preview, production, fileRequests, call, useEdgeUnderTest } from './edge-under-test.testing';

useEdgeUnderTest();

/** The source list of a response's CSP `frame-ancestors` directive. */
function frameAncestors(headers: Record<string, unknown>): string | undefined {
  const directive = String(headers['content-security-policy'] ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-ancestors '));
  return directive?.slice('frame-ancestors '.length);
}

describe('serving bundles', () => {
  it('serves index.html of the preview build at /, with an ETag the browser can revalidate', async () => {
    const first = await call(preview(PUBLIC_APP), '/');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.body).toContain('<title>Recipe Box preview</title>');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    const again = await call(preview(PUBLIC_APP), '/', { headers: { 'if-none-match': String(etag) } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves assets with their content type, fetching each file of a build once', async () => {
    const before = fileRequests.filter((key) => key === '11:assets/app.js').length;
    for (let i = 0; i < 3; i += 1) {
      const asset = await call(preview(PUBLIC_APP), '/assets/app.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(asset.body).toBe('console.log("preview")');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(fileRequests.filter((key) => key === '11:assets/app.js').length - before).toBeLessThanOrEqual(1);
  });

  it('answers client-side routes with index.html and a missing asset with a 404 page', async () => {
    const route = await call(preview(PUBLIC_APP), '/recipes/42/edit');
    expect(route.status).toBe(200);
    expect(route.body).toContain('<title>Recipe Box preview</title>');

    const missing = await call(preview(PUBLIC_APP), '/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain(`App ${PUBLIC_APP} has no file at /assets/nope.js.`);
  });

  it('serves the deployed build at the production address and the newest build at the preview address', async () => {
    const live = await call(production(PUBLIC_APP), '/');
    expect(live.status).toBe(200);
    expect(live.body).toContain('<title>Recipe Box production</title>');
    expect((await call(production(PUBLIC_APP), '/assets/app.js')).body).toBe('console.log("production")');
  });

  it('says clearly what is missing: no build, no deployment, no app, no app at this host', async () => {
    const noPreview = await call(preview(UNBUILT_APP), '/');
    expect(noPreview.status).toBe(404);
    expect(noPreview.body).toContain(`App ${UNBUILT_APP} has no preview yet.`);
    const notDeployed = await call(production(UNBUILT_APP), '/anything', { headers: { accept: 'application/json' } });
    expect(notDeployed.status).toBe(404);
    expect(JSON.parse(notDeployed.body)).toEqual({ error: 'not_found', message: `App ${UNBUILT_APP} is not deployed.` });
    const noApp = await call(preview('missing00004'), '/');
    expect(noApp.status).toBe(404);
    expect(noApp.body).toContain('No app missing00004 exists.');

    const unknown = await call('example.com', '/health');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('No app is served at example.com.');
    const hostile = await call('<script>alert(1)</script>', '/');
    expect(hostile.status).toBe(404);
    expect(hostile.body).not.toContain('<script>');
    expect(hostile.headers['server']).toBeUndefined();
  });

  it('serves every file of an app under its strict policy: no sniffing, no inline code, framed by the console on preview only', async () => {
    const policy = (ancestors: string) =>
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
      `frame-ancestors ${ancestors}; object-src 'none'; base-uri 'self'; form-action 'self'`;
    for (const path of ['/', '/recipes/42/edit', '/assets/app.js']) {
      // The preview: the console's origin (SITE_URL without its path) may frame it, nobody else; X-Frame-Options
      // cannot name an origin, so it is absent rather than contradicting the allow-list.
      const previewed = await call(preview(PUBLIC_APP), path);
      expect(previewed.status).toBe(200);
      expect(previewed.headers).toMatchObject({
        'content-security-policy': policy(SITE_URL),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(previewed.headers['x-frame-options']).toBeUndefined();
      // The production address: framed by nobody, the console included.
      const live = await call(production(PUBLIC_APP), path);
      expect(live.status).toBe(200);
      expect(live.headers).toMatchObject({
        'content-security-policy': policy("'none'"),
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
    }
    const missing = await call(preview(PUBLIC_APP), '/assets/nope.js');
    expect(missing.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestors(missing.headers)).toBe(SITE_URL);
    const missingLive = await call(production(PUBLIC_APP), '/assets/nope.js');
    expect(missingLive.headers['x-frame-options']).toBe('DENY');
    expect(frameAncestors(missingLive.headers)).toBe("'none'");
    // A host that is no app (a custom domain not registered, anything else) is framed by nobody.
    const unknown = await call('example.com', '/');
    expect(unknown.headers['x-frame-options']).toBe('DENY');
    expect(frameAncestors(unknown.headers)).toBe("'none'");
  });

  it('refuses other methods on pages', async () => {
    const posted = await call(preview(PUBLIC_APP), '/', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(posted.status).toBe(405);
    expect(posted.headers['allow']).toBe('GET, HEAD');
  });
});
