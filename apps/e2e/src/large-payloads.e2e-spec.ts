import supertest from 'supertest';
import { adminAccount, api, closeBus, createKey, e2eEnv, platformControl, type TestAccount } from './support';

/**
 * Answers larger than one NATS message (the server's max_payload, 1 MB by default) used to end the service
 * that sent them, and with it every tenant's requests and every hosted app. These are the sequences that did
 * it, run through the public API and the edge: each now ends in a clear answer, lists larger than one
 * message arrive whole or paged by size, oversize values are 422s naming the field, and apps-service is the
 * same process afterwards (a restart by the supervisor would hide a crash, so its pid is compared).
 */
describe('answers larger than one NATS message', () => {
  let owner: TestAccount;
  let appsServicePid: number | null;

  const call = {
    get: (path: string, key = owner.key) => api().get(`/api/v1${path}`).set('X-API-Key', key),
    post: (path: string, body?: object, key = owner.key) => api().post(`/api/v1${path}`).set('X-API-Key', key).send(body),
  };
  const tool = (name: string, appId: string, params: object) => call.post('/mcp/execute_tool', { tool: name, app_id: appId, params });
  const KB = 1024;

  async function appWithNotes(): Promise<string> {
    const created = await call.post('/managed_apps', { name: 'Big notes' }).expect(201);
    const appId: string = created.body.app.id;
    await tool('svc-create-entity', appId, { name: 'notes', columns: [{ name: 'title', type: 'text' }, { name: 'body', type: 'text' }] }).expect(200);
    return appId;
  }

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'large');
    appsServicePid = (await platformControl().pids())['apps-service'] ?? null;
    expect(appsServicePid).toEqual(expect.any(Number));
  });

  afterAll(async () => {
    // Whatever happened above, apps-service answered it without dying.
    expect((await platformControl().pids())['apps-service']).toBe(appsServicePid);
    await fetch(e2eEnv().health['apps-service'] ?? '').then((response) => expect(response.status).toBe(200));
    await closeBus();
  });

  it('refuses a row over 256 KB naming the field, and lists rows beyond 1 MB whole, then paged by size', async () => {
    const appId = await appWithNotes();

    // The probe's sequence: rows of ~450 KB. Each is refused, naming the field that makes it too large.
    const tooLarge = await tool('svc-insert-data', appId, { entity: 'notes', data: { title: 'big', body: 'x'.repeat(450 * KB) } }).expect(422);
    expect(tooLarge.body.errors).toEqual([{ field: 'params.data.body', message: expect.stringContaining('a row holds at most 262144 bytes (256 KB)') }]);

    // Rows within the limit add up past one message: 6 x 200 KB.
    const body = (i: number) => String(i % 10).repeat(200 * KB);
    for (let i = 0; i < 6; i += 1) await tool('svc-insert-data', appId, { entity: 'notes', data: { title: `n${i}`, body: body(i) } }).expect(200);
    const all = await tool('svc-query-data', appId, { entity: 'notes', limit: 100 }).expect(200);
    expect(all.body.result.rows.map((row: { body: string }) => row.body)).toEqual([0, 1, 2, 3, 4, 5].map(body));
    expect(all.body.result).toMatchObject({ total: 6, next_offset: null });

    // A visitor of the public app lists them through the edge, as the app's own frontend does.
    const host = `preview-${appId}.preview.localhost`;
    const listed = await supertest(e2eEnv().edge).get('/_api/entities/notes?limit=100').set('Host', host).expect(200);
    expect(listed.body).toMatchObject({ total: 6, next_offset: null });
    expect(listed.body.rows).toHaveLength(6);

    // Past 4 MB a page ends early and says where the next one starts; the two pages hold every row once.
    for (let i = 6; i < 26; i += 1) await tool('svc-insert-data', appId, { entity: 'notes', data: { title: `n${i}`, body: body(i) } }).expect(200);
    const first = await tool('svc-query-data', appId, { entity: 'notes', limit: 100 }).expect(200);
    const firstRows: { title: string }[] = first.body.result.rows;
    expect(firstRows.length).toBeLessThan(26);
    expect(first.body.result).toMatchObject({ total: 26, next_offset: firstRows.length });
    const rest = await tool('svc-query-data', appId, { entity: 'notes', limit: 100, offset: first.body.result.next_offset }).expect(200);
    expect(rest.body.result.next_offset).toBeNull();
    const titles = [...firstRows, ...rest.body.result.rows].map((row: { title: string }) => row.title);
    expect(titles).toEqual(Array.from({ length: 26 }, (_, i) => `n${i}`));

    // An update that would grow a row past the limit is refused too, and the row is unchanged.
    const id = (first.body.result.rows[0] as { id: number }).id;
    const grown = await tool('svc-update-data', appId, { entity: 'notes', id, data: { title: 'y'.repeat(100 * KB) } }).expect(422);
    expect(grown.body.errors).toEqual([{ field: 'params.data.title', message: expect.stringContaining('a row holds at most') }]);
    await call.get(`/managed_apps/${appId}`).expect(200);
  });

  it('refuses a file over 512 KB, and lists files beyond 1 MB whole to a read-only key', async () => {
    const appId = await appWithNotes();
    // The probe's sequence: files of ~600 KB.
    const refused = await tool('svc-write-file', appId, { path: 'docs/a.md', content: 'a'.repeat(600 * KB) }).expect(422);
    expect(refused.body.errors).toEqual([{ field: 'params.content', message: expect.any(String) }]);

    const content = (letter: string) => letter.repeat(500 * KB);
    await tool('svc-write-file', appId, { path: 'docs/a.md', content: content('a') }).expect(200);
    await tool('svc-write-file', appId, { path: 'docs/b.md', content: content('b') }).expect(200);

    const reader = await createKey(owner.key, 'read_only');
    const files = await call.get(`/managed_apps/${appId}/files`, reader.raw).expect(200);
    const docs = (files.body.files as { path: string; content: string; size: number }[]).filter((file) => file.path.startsWith('docs/'));
    expect(docs.map((file) => [file.path, file.size, file.content === content(file.path === 'docs/a.md' ? 'a' : 'b')])).toEqual([
      ['docs/a.md', 500 * KB, true],
      ['docs/b.md', 500 * KB, true],
    ]);
    expect(files.body.count).toBe(files.body.files.length);
  });

  it('keeps serving every tenant afterwards', async () => {
    const other = await adminAccount('enterprise', 'bystander');
    await api().get('/api/v1/managed_apps').set('X-API-Key', other.key).expect(200);
    await call.get('/managed_apps').expect(200);
  });
});
