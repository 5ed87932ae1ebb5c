import 'reflect-metadata';
import { JSONCodec } from 'nats';
import { EdgeEvents, UsersEvents, type AppUserAccess } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import {
  CACHE_MS,
  PUBLIC_APP,
  PRIVATE_APP,
  preview,
  production,
  sha256,
  apps,
  pageViews,
  call,
  json,
  cookiesOf,
  signIn,
  wait,
  useEdgeUnderTest,
  responders,
  sessions,
} from './edge-under-test.testing';

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
      expect((await json(host, '/_api/entities/notes/totals')).status).toBe(401);
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

describe('changes announced by the services', () => {
  it('apply to the very next request, with no wait, every time', async () => {
    const announcer = new RpcClient(responders, 5000);
    const app = apps.get(PUBLIC_APP);
    if (!app) throw new Error('missing app');
    try {
      for (let round = 0; round < 40; round += 1) {
        const visibility = round % 2 === 0 ? 'login_required' : 'public';
        // Read once first, so the edge holds the app in its cache when it changes.
        expect((await call(production(PUBLIC_APP), '/')).status).toBe(visibility === 'login_required' ? 200 : 401);
        apps.set(PUBLIC_APP, { ...app, visibility });
        await announcer.announce(EdgeEvents.appChanged, { app_id: PUBLIC_APP });
        expect((await call(production(PUBLIC_APP), '/')).status).toBe(visibility === 'login_required' ? 401 : 200);
      }
    } finally {
      apps.set(PUBLIC_APP, app);
      await announcer.announce(EdgeEvents.appChanged, { app_id: PUBLIC_APP });
    }
  });

  it("forget an app's sessions, so a signed-out user meets the sign-in page at once", async () => {
    const announcer = new RpcClient(responders, 5000);
    const cookie = await signIn(preview(PRIVATE_APP), 'leaving@example.com');
    expect((await call(preview(PRIVATE_APP), '/', { headers: { cookie } })).status).toBe(200);
    const token = cookie.split('=')[1] ?? '';
    sessions.delete(`${PRIVATE_APP}:${sha256(token)}`);
    await announcer.announce(EdgeEvents.appChanged, { app_id: PRIVATE_APP });
    const gate = await call(preview(PRIVATE_APP), '/', { headers: { cookie } });
    expect(gate.status).toBe(401);
    expect(gate.body).toContain('Sign in to Team Notes');
  });
});

describe('app user accesses', () => {
  it("counts the pages a signed-in user loads and reports them in one batched line per user", async () => {
    // One entry per message the edge sent: a flush may fall between two pages on a busy machine, so the pages
    // may arrive in two messages, but no message names a user twice and no page is lost or counted twice.
    const batches: AppUserAccess[][] = [];
    const codec = JSONCodec<{ data: { accesses: AppUserAccess[] } }>();
    const subscription = responders.subscribe(UsersEvents.recordAppUserAccess, {
      callback: (_error, message) => batches.push(codec.decode(message.data).data.accesses),
    });
    try {
      await responders.flush();
      const cookie = await signIn(preview(PRIVATE_APP), 'regular@example.com');
      for (let page = 0; page < 3; page += 1) expect((await call(preview(PRIVATE_APP), '/', { headers: { cookie } })).status).toBe(200);
      // An asset is part of a page, not another visit.
      expect((await call(preview(PRIVATE_APP), '/assets/app.js', { headers: { cookie } })).status).toBe(200);
      const token = cookie.split('=')[1] ?? '';
      const user = sessions.get(`${PRIVATE_APP}:${sha256(token)}`);
      const linesOfUser = () => batches.map((batch) => batch.filter((access) => access.app_user_id === user?.id));
      const counted = () => linesOfUser().flat().reduce((sum, access) => sum + access.count, 0);
      const deadline = Date.now() + 5000;
      while (counted() < 3 && Date.now() < deadline) await wait(50);
      await wait(250);
      expect(counted()).toBe(3);
      for (const lines of linesOfUser()) expect(lines.length).toBeLessThanOrEqual(1);
      expect(linesOfUser().flat()[0]).toEqual({ app_user_id: user?.id, count: expect.any(Number), at: expect.any(String) });
    } finally {
      subscription.unsubscribe();
    }
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
