import 'reflect-metadata';
import { CACHE_MS, PUBLIC_APP, PRIVATE_APP, preview, production, sha256, apps, pageViews, call, json, cookiesOf, signIn, wait, useEdgeUnderTest } from './edge-under-test.testing';

useEdgeUnderTest();

describe('login_required', () => {
  it('shows a sign-in page instead of the app, on preview and production, until the visitor signs in', async () => {
    for (const host of [preview(PRIVATE_APP), production(PRIVATE_APP)]) {
      const gate = await call(host, '/notes/3');
      expect(gate.status).toBe(401);
      expect(gate.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gate.body).toContain('Sign in to Team Notes');
      expect(gate.body).toContain("fetch('/_api/auth/' + path");
      expect(gate.body).not.toContain('console.log("notes")');
      const nonce = /<script nonce="([^"]+)">/.exec(gate.body)?.[1];
      expect(gate.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce ?? 'missing'}'`);

      const asset = await call(host, '/assets/app.js');
      expect(asset.status).toBe(401);
      const rows = await json(host, '/_api/entities/notes');
      expect(rows.status).toBe(401);
    }

    const cookie = await signIn(preview(PRIVATE_APP), 'member@example.com');
    const app = await call(preview(PRIVATE_APP), '/notes/3', { headers: { cookie } });
    expect(app.status).toBe(200);
    expect(app.body).toContain('<title>Team Notes</title>');
    expect(app.headers['cache-control']).toBe('private, no-cache');
    expect((await call(preview(PRIVATE_APP), '/assets/app.js', { headers: { cookie } })).body).toBe('console.log("notes")');
    // A session belongs to one app: it opens nothing elsewhere.
    expect((await json(preview(PUBLIC_APP), '/_api/auth/me', 'GET', undefined, cookie)).status).toBe(401);
  });

  it('applies a visibility change without a redeploy, within the cache period', async () => {
    const app = apps.get(PUBLIC_APP);
    if (!app) throw new Error('missing app');
    apps.set(PUBLIC_APP, { ...app, visibility: 'login_required' });
    try {
      await wait(CACHE_MS + 50);
      const gate = await call(production(PUBLIC_APP), '/');
      expect(gate.status).toBe(401);
      expect(gate.body).toContain('Sign in to Recipe Box');
    } finally {
      apps.set(PUBLIC_APP, app);
    }
    await wait(CACHE_MS + 50);
    expect((await call(production(PUBLIC_APP), '/')).status).toBe(200);
  });
});

describe('page views', () => {
  it('counts HTML pages (not assets, not /_api) in batches, with a lasting visitor and an idle-expiring session', async () => {
    // Views of the earlier tests arrive within one flush period; start from a quiet buffer.
    await wait(300);
    pageViews.length = 0;
    const first = await call(production(PUBLIC_APP), '/recipes');
    const cookies = cookiesOf(first);
    const visitor = cookies.find((c) => c.startsWith('appgen_vid='));
    const session = cookies.find((c) => c.startsWith('appgen_sid='));
    expect(visitor).toMatch(/^appgen_vid=[A-Za-z0-9_-]{24}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(session).toMatch(/^appgen_sid=[A-Za-z0-9_-]{24}; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = [visitor, session].map((c) => (c ?? '').split(';')[0]).join('; ');

    await call(production(PUBLIC_APP), '/recipes/2', { headers: { cookie } });
    await call(production(PUBLIC_APP), '/assets/app.js', { headers: { cookie } });
    await json(production(PUBLIC_APP), '/_api/entities/recipes', 'GET', undefined, cookie);
    await call(preview(PUBLIC_APP), '/');

    const deadline = Date.now() + 5000;
    while (pageViews.length < 3 && Date.now() < deadline) await wait(50);
    expect(pageViews.map((v) => [v.path, v.environment])).toEqual([
      ['/recipes', 'production'],
      ['/recipes/2', 'production'],
      ['/', 'preview'],
    ]);
    const [a, b, c] = pageViews;
    const rawVisitor = (visitor ?? '').split(';')[0]?.split('=')[1] ?? '';
    expect(a?.visitor).toBe(sha256(rawVisitor));
    expect(b?.visitor).toBe(a?.visitor);
    expect(b?.session).toBe(a?.session);
    expect(c?.visitor).not.toBe(a?.visitor);
    expect(a?.app_id).toBe(PUBLIC_APP);
    expect(Date.parse(a?.at ?? '')).not.toBeNaN();
  });
});
