import { adminAccount, api, closeBus, createKey, type TestAccount } from './support';

const SUMMARY_FIELDS = [
  'ai_model',
  'created_at',
  'description',
  'id',
  'name',
  'preview_url',
  'production_url',
  'published_at',
  'status',
  'updated_at',
  'visibility',
];
const DETAIL_ONLY = ['creator', 'files_count', 'urls', 'users_count', 'versions_count'];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('managed apps through the public API', () => {
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([adminAccount('enterprise', 'alice'), adminAccount('enterprise', 'bob')]);
  });
  afterAll(closeBus);

  const as = (who: TestAccount, gateway = 0) => ({
    get: (path: string) => api(gateway).get(`/api/v1${path}`).set('X-API-Key', who.key),
    post: (path: string, body?: object) => api(gateway).post(`/api/v1${path}`).set('X-API-Key', who.key).send(body),
    patch: (path: string, body: object) => api(gateway).patch(`/api/v1${path}`).set('X-API-Key', who.key).send(body),
    delete: (path: string) => api(gateway).delete(`/api/v1${path}`).set('X-API-Key', who.key),
  });

  it('creates a draft with a generic name and public visibility when given nothing', async () => {
    const created = await as(alice).post('/managed_apps', {});
    expect(created.status).toBe(201);
    expect(created.body.message).toEqual(expect.any(String));
    expect(created.body.app).toMatchObject({
      name: 'Untitled App',
      status: 'draft',
      visibility: 'public',
      preview_url: null,
      production_url: null,
    });
    expect(created.body.app.created_at).toMatch(ISO);
    expect(created.body.app.id).toMatch(/^[a-z0-9]+$/);
  });

  it('shows every field of the App resource: summary in lists, detail on its own', async () => {
    const created = await as(alice).post('/managed_apps', {
      name: 'Field guide',
      visibility: 'login_required',
      ai_model: 'blueprint',
    });
    const id: string = created.body.app.id;

    const detail = await as(alice).get(`/managed_apps/${id}`);
    expect(detail.status).toBe(200);
    expect(Object.keys(detail.body.app).sort()).toEqual([...SUMMARY_FIELDS, ...DETAIL_ONLY].sort());
    expect(detail.body.app).toMatchObject({
      id,
      name: 'Field guide',
      description: '',
      status: 'draft',
      visibility: 'login_required',
      ai_model: 'blueprint',
      preview_url: null,
      production_url: null,
      published_at: null,
      creator: { id: alice.account.id, email: alice.email },
      versions_count: 0,
      files_count: 0,
      users_count: 0,
      urls: { preview: null, production: null, editor: expect.stringMatching(new RegExp(`/account/apps/${id}/editor$`)) },
    });
    expect((await as(alice).get(`/managed_apps/${id}?detailed=true`)).body).toEqual(detail.body);
    expect((await as(alice).get(`/apps/${id}`)).body).toEqual(detail.body);

    const list = await as(alice).get('/managed_apps?name=field guide');
    expect(list.status).toBe(200);
    expect(list.body.apps).toHaveLength(1);
    expect(Object.keys(list.body.apps[0]).sort()).toEqual(SUMMARY_FIELDS);
    expect((await as(alice).get('/apps?name=field guide')).body).toEqual(list.body);
  });

  it('updates only the fields given and refuses fields it does not know', async () => {
    const { body } = await as(alice).post('/managed_apps', { name: 'Before' });
    const id: string = body.app.id;
    const patched = await as(alice).patch(`/managed_apps/${id}`, { description: 'Tracks chores', visibility: 'login_required' });
    expect(patched.status).toBe(200);
    expect(patched.body.app).toMatchObject({ id, name: 'Before', description: 'Tracks chores', visibility: 'login_required' });
    expect(Date.parse(patched.body.app.updated_at)).toBeGreaterThanOrEqual(Date.parse(body.app.updated_at));

    const unknown = await as(alice).patch(`/managed_apps/${id}`, { name: 'After', owner: 'someone else' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
    expect(unknown.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'owner' })]));
    expect((await as(alice).get(`/managed_apps/${id}`)).body.app.name).toBe('Before');
  });

  it.each([
    [{ visibility: 'friends_only' }, 'visibility'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ auto_generate: 'yes' }, 'auto_generate'],
  ])('refuses a bad create body %j with 422 naming %s', async (bodyToSend, field) => {
    const response = await as(alice).post('/managed_apps', bodyToSend);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('validation_failed');
    expect(response.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.any(String) }]));
    expect(JSON.stringify(response.body)).not.toMatch(/\bat .+\.(js|ts):\d+/);
  });

  it('deletes an app and everything of it; the alias path deletes too', async () => {
    for (const path of ['/managed_apps', '/apps']) {
      const { body } = await as(alice).post('/managed_apps', { name: 'Short-lived' });
      const removed = await as(alice).delete(`${path}/${body.app.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true, message: expect.any(String) });
      const gone = await as(alice).get(`/managed_apps/${body.app.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });

  it('keeps tenants apart: another account’s app is 404 on every route, and absent from its lists', async () => {
    const { body } = await as(alice).post('/managed_apps', { name: 'Alice only' });
    const id: string = body.app.id;
    const attempts = [
      as(bob).get(`/managed_apps/${id}`),
      as(bob).get(`/apps/${id}`),
      as(bob).patch(`/managed_apps/${id}`, { name: 'Mine now' }),
      as(bob).delete(`/managed_apps/${id}`),
      as(bob).delete(`/apps/${id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    const bobsApps = await as(bob).get('/managed_apps?per_page=100');
    expect(bobsApps.body.apps.map((a: { id: string }) => a.id)).not.toContain(id);
    expect((await as(alice).get(`/managed_apps/${id}`)).body.app.name).toBe('Alice only');
  });

  it('filters by status and partial name, case-insensitively', async () => {
    const owner = await adminAccount('enterprise', 'filters');
    for (const name of ['Recipe box', 'Family RECIPES', 'Workout log']) await as(owner).post('/managed_apps', { name });
    const recipes = await as(owner).get('/managed_apps?name=recipe');
    expect(recipes.body.apps.map((a: { name: string }) => a.name).sort()).toEqual(['Family RECIPES', 'Recipe box']);
    expect((await as(owner).get('/managed_apps?status=draft')).body.meta.total_count).toBe(3);
    expect((await as(owner).get('/managed_apps?status=published')).body).toEqual({
      apps: [],
      meta: { current_page: 1, total_pages: 0, total_count: 0, per_page: 25 },
    });
    const badStatus = await as(owner).get('/managed_apps?status=archived');
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'status' })]));
  });

  it('pages with meta, caps per_page at 100 and refuses nonsense', async () => {
    const owner = await adminAccount('enterprise', 'pages');
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1) created.push((await as(owner).post('/managed_apps', { name: `App ${i}` })).body.app.id);

    const first = await as(owner).get('/managed_apps?per_page=3');
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 3, total_count: 7, per_page: 3 });
    const last = await as(owner).get('/managed_apps?per_page=3&page=3');
    expect(last.body.apps).toHaveLength(1);
    const beyond = await as(owner).get('/managed_apps?per_page=3&page=4');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ apps: [], meta: { current_page: 4, total_pages: 3, total_count: 7, per_page: 3 } });

    const all: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      all.push(...(await as(owner).get(`/managed_apps?per_page=3&page=${page}`)).body.apps.map((a: { id: string }) => a.id));
    }
    expect(all.sort()).toEqual([...created].sort());
    expect((await as(owner).get('/managed_apps')).body.meta.per_page).toBe(25);
    expect((await as(owner).get('/managed_apps?per_page=500')).body.meta.per_page).toBe(100);

    for (const query of ['page=0', 'page=-1', 'page=abc', 'per_page=0', 'per_page=2.5', 'page=1e3']) {
      const response = await as(owner).get(`/managed_apps?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 422 });
      expect(response.body.error).toBe('validation_failed');
    }
  });

  it('answers the same on either gateway replica', async () => {
    const { body } = await as(alice, 1).post('/managed_apps', { name: 'Replica' });
    expect((await as(alice, 0).get(`/managed_apps/${body.app.id}`)).body.app.name).toBe('Replica');
  });

  it('lets a read_only key read but not write', async () => {
    const readOnly = await createKey(alice.key, 'read_only');
    const reader = { ...alice, key: readOnly.raw };
    expect((await as(reader).get('/managed_apps')).status).toBe(200);
    const denied = await as(reader).post('/managed_apps', { name: 'Nope' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'forbidden', message: expect.stringContaining('apps:write') });
  });
});
