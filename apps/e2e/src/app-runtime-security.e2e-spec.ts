import supertest from 'supertest';
import { adminAccount, api, closeBus, deployedApp, e2eEnv, appUserSession, uniqueEmail, type TestAccount } from './support';

/**
 * What the black-box probe did to generated apps, through the edge as a browser would: another tenant's app
 * posting to this one with a signed-in user's cookie, a `text/plain` form post, a visitor deleting a public
 * app's data, and framing its pages. Each is refused with the API's error body and leaves the data as it was;
 * the app's own pages, its signed-in users and entities declared open for writes keep working.
 */
describe('the runtime API of generated apps', () => {
  let owner: TestAccount;
  let appId: string;
  let host: string;
  let origin: string;
  let otherAppOrigin: string;
  let cookie: string;

  const edge = () => supertest(e2eEnv().edge);
  const call = {
    get: (path: string) => api().get(`/api/v1${path}`).set('X-API-Key', owner.key),
    post: (path: string, body?: object) => api().post(`/api/v1${path}`).set('X-API-Key', owner.key).send(body),
  };
  const tool = (name: string, params: object, app = appId) => call.post('/mcp/execute_tool', { tool: name, app_id: app, params });
  /** The owner's view of an entity's rows, through the tools, never through the edge under test. */
  const titles = async (entity: string): Promise<string[]> =>
    (await tool('svc-query-data', { entity, order_by: 'id' }).expect(200)).body.result.rows.map((row: { title: string }) => row.title);

  /** A draft app of the owner; the edge serves its `/_api` at its preview address whether or not it is built. */
  async function draftApp(name: string): Promise<string> {
    return (await call.post('/managed_apps', { name }).expect(201)).body.app.id;
  }

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'runtime');
    appId = await draftApp('Team links');
    const port = new URL(e2eEnv().edge).port;
    host = `preview-${appId}.preview.localhost:${port}`;
    origin = `http://${host}`;
    otherAppOrigin = `http://preview-${await draftApp('Another tenant')}.preview.localhost:${port}`;
    await tool('svc-create-entity', { name: 'links', columns: [{ name: 'title', type: 'text', required: true }] }).expect(200);
    await tool('svc-create-entity', { name: 'guestbook', columns: [{ name: 'title', type: 'text', required: true }], open_writes: true }).expect(200);
    // The owner writes through the tools whatever visitors may do.
    await tool('svc-insert-data', { entity: 'links', data: { title: 'Seeded by the owner' } }).expect(200);

    // An app user signs in from the app's own page, as its frontend does.
    cookie = await appUserSession(host, uniqueEmail('member'));
  });

  afterAll(async () => {
    await closeBus();
  });

  it("refuses a signed-in user's write that another app's page sends, and a text/plain one, creating no row", async () => {
    const refused = { error: 'forbidden', message: `This app accepts changes only from its own pages at ${origin}.` };
    const crossOrigin = await edge()
      .post('/_api/entities/links')
      .set({ Host: host, Origin: otherAppOrigin, Cookie: cookie, 'Sec-Fetch-Site': 'same-site' })
      .send({ title: 'Forged by another app' });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.body).toEqual(refused);

    // Without Origin, the browser's Sec-Fetch-Site tells: another app on the same domain is same-site.
    const noOrigin = await edge().post('/_api/entities/links').set({ Host: host, Cookie: cookie, 'Sec-Fetch-Site': 'same-site' }).send({ title: 'Forged' });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body).toEqual(refused);

    // A form or text/plain post needs no CORS preflight, so only JSON bodies are read, whatever the Origin.
    const textPost = (from: string) =>
      edge().post('/_api/entities/links').set({ Host: host, Origin: from, Cookie: cookie, 'Content-Type': 'text/plain' }).send('{"title":"Forged as text"}');
    expect((await textPost(otherAppOrigin)).status).toBe(403);
    const plain = await textPost(origin);
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ error: 'unsupported_media_type', message: 'Send the request body as JSON, with Content-Type: application/json.' });

    // Neither deletes nor sign-outs from elsewhere get through.
    const [seeded] = (await tool('svc-query-data', { entity: 'links' }).expect(200)).body.result.rows as { id: number }[];
    await edge().delete(`/_api/entities/links/${seeded?.id}`).set({ Host: host, Origin: otherAppOrigin, Cookie: cookie }).expect(403);
    await edge().post('/_api/auth/sign_out').set({ Host: host, Origin: otherAppOrigin, Cookie: cookie }).expect(403);

    expect(await titles('links')).toEqual(['Seeded by the owner']);
  });

  it("takes the signed-in user's JSON write from the app's own page", async () => {
    const created = await edge()
      .post('/_api/entities/links')
      .set({ Host: host, Origin: origin, Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' })
      .send({ title: 'Added by a member' });
    expect(created.status).toBe(201);
    expect(created.body.row).toMatchObject({ title: 'Added by a member' });
    const changed = await edge()
      .patch(`/_api/entities/links/${created.body.row.id}`)
      .set({ Host: host, Origin: origin, Cookie: cookie })
      .send({ title: 'Changed by a member' });
    expect(changed.status).toBe(200);
    expect(await titles('links')).toEqual(['Seeded by the owner', 'Changed by a member']);
  });

  it('lets a visitor read a public app’s shared entity, asks them to sign in to add or delete, and keeps the rows', async () => {
    const read = await edge().get('/_api/entities/links').set({ Host: host });
    expect(read.status).toBe(200);
    expect(read.body.rows.map((row: { title: string }) => row.title)).toEqual(['Seeded by the owner', 'Changed by a member']);

    const insert = await edge().post('/_api/entities/links').set({ Host: host, Origin: origin }).send({ title: 'Anonymous' });
    expect(insert.status).toBe(401);
    expect(insert.body).toEqual({ error: 'unauthorized', message: 'Sign in to add links' });
    for (const row of read.body.rows as { id: number }[]) {
      const removed = await edge().delete(`/_api/entities/links/${row.id}`).set({ Host: host, Origin: origin });
      expect(removed.status).toBe(401);
      expect(removed.body).toEqual({ error: 'unauthorized', message: 'Sign in to change links' });
    }
    expect(await titles('links')).toEqual(['Seeded by the owner', 'Changed by a member']);
  });

  it('accepts a visitor’s entry in an entity declared open for writes', async () => {
    const signed = await edge().post('/_api/entities/guestbook').set({ Host: host, Origin: origin }).send({ title: 'Lovely party!' });
    expect(signed.status).toBe(201);
    expect(signed.body.row).toMatchObject({ title: 'Lovely party!' });
    expect((await edge().get('/_api/entities/guestbook').set({ Host: host }).expect(200)).body.total).toBe(1);
    // Open to visitors means open to their own app's pages only.
    await edge().post('/_api/entities/guestbook').set({ Host: host, Origin: otherAppOrigin }).send({ title: 'Spam' }).expect(403);
    expect(await titles('guestbook')).toEqual(['Lovely party!']);
  });

  it("serves a generated app's pages under a strict policy: its preview framed by the console alone, production by nobody", async () => {
    const queued = await call.post('/generation_queue', { prompt: 'A guest book where visitors leave a message with their name' }).expect(202);
    const deadline = Date.now() + 45_000;
    let previewUrl: string | null = null;
    while (previewUrl === null) {
      const job = (await call.get(`/generation_queue/${queued.body.job_id}`).expect(200)).body;
      if (!['queued', 'processing'].includes(job.status)) {
        expect(job).toMatchObject({ status: 'completed', error: null });
        previewUrl = String(job.app.preview_url);
      } else if (Date.now() > deadline) {
        throw new Error(`job ${queued.body.job_id} still ${job.status} after 45 s`);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const preview = new URL(previewUrl);
    const policy = (ancestors: string) =>
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
      `frame-ancestors ${ancestors}; object-src 'none'; base-uri 'self'; form-action 'self'`;
    const appId = String(queued.body.app_id);
    const production = await deployedApp(owner.key, appId);
    for (const path of ['/', '/assets/app.js', '/assets/app.css']) {
      // The preview: only the console's own origin may frame it (no X-Frame-Options, which cannot say that).
      const previewed = await edge().get(path).set('Host', preview.host).expect(200);
      expect(previewed.headers).toMatchObject({
        'content-security-policy': policy(new URL(e2eEnv().site).origin),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(previewed.headers['x-frame-options']).toBeUndefined();
      // The production address: nobody, the console included.
      const live = await edge().get(path).set('Host', new URL(production).host).expect(200);
      expect(live.headers).toMatchObject({
        'content-security-policy': policy("'none'"),
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
    }
    // The blueprint planned the guest book open to visitors: someone passing by signs it from its page.
    const signed = await edge().post('/_api/entities/guest_books').set({ Host: preview.host, Origin: preview.origin }).send({ name: 'Ada', message: 'Hello!' });
    expect(signed.status).toBe(201);
    expect(signed.body.row).toMatchObject({ name: 'Ada', message: 'Hello!' });
  }, 120_000);
});
