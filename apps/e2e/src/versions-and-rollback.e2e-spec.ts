import { adminAccount, api, closeBus, deployedApp, generatedApp, throughEdge, type TestAccount } from './support';

interface SourceFile {
  path: string;
  content: string;
}
interface Version {
  id: number;
  number: number;
  source: string;
  summary: string;
  created_at: string;
  build_status: string;
  live: { preview: boolean; production: boolean };
}

const MANIFEST = ['AGENTS.md', 'CLAUDE.md', 'SKILL.md'];

/**
 * Versions and rollback as a user lives them: an app generated, deployed, changed by a second prompt and
 * deployed again lists its versions with how they built and which are live; a rollback puts the first version
 * back as a new one, and both addresses serve it as soon as the API answers; the next edit starts from it.
 */
describe('versions and rollback', () => {
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'versions');
    stranger = await adminAccount('enterprise', 'stranger');
  });
  afterAll(closeBus);

  const call = {
    get: (path: string, key = owner.key) => api().get(`/api/v1${path}`).set('X-API-Key', key),
    post: (path: string, body?: object, key = owner.key) => api().post(`/api/v1${path}`).set('X-API-Key', key).send(body),
  };

  /** The app's script as a visitor of the address would load it now. */
  async function servedScript(publicUrl: string): Promise<string> {
    return (await throughEdge(publicUrl, '/assets/app.js').expect(200)).text;
  }

  async function sourceFiles(appId: string): Promise<SourceFile[]> {
    const { body } = await call.get(`/managed_apps/${appId}/files`).expect(200);
    return (body.files as SourceFile[]).map(({ path, content }) => ({ path, content }));
  }
  const withoutManifest = (files: SourceFile[]): SourceFile[] => files.filter((file) => !MANIFEST.includes(file.path));

  async function versions(appId: string): Promise<Version[]> {
    return (await call.get(`/managed_apps/${appId}/versions`).expect(200)).body.versions;
  }

  let appId: string;
  let previewUrl: string;
  let productionUrl: string;
  let firstFiles: SourceFile[];
  let firstScript: string;
  let secondScript: string;
  let restoredVersionId: number;

  it('lists the versions of an app generated, deployed, changed by a prompt and deployed again', async () => {
    ({ appId, previewUrl } = await generatedApp(owner.key, 'A recipe manager where I save recipes with ingredients and cooking time and rate them'));
    firstFiles = await sourceFiles(appId);
    firstScript = await servedScript(previewUrl);
    productionUrl = await deployedApp(owner.key, appId);
    expect(await servedScript(productionUrl)).toBe(firstScript);

    await generatedApp(owner.key, 'add a category field to recipes', appId);
    secondScript = await servedScript(previewUrl);
    expect(secondScript).not.toBe(firstScript);
    await deployedApp(owner.key, appId);
    expect(await servedScript(productionUrl)).toBe(secondScript);

    const listed = await call.get(`/managed_apps/${appId}/versions`).expect(200);
    expect(listed.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2, per_page: 25 });
    expect(listed.body.versions).toEqual([
      {
        id: expect.any(Number),
        number: 2,
        source: 'generation',
        summary: expect.stringMatching(/ updated$/),
        created_at: expect.any(String),
        build_status: 'succeeded',
        live: { preview: true, production: true },
      },
      {
        id: expect.any(Number),
        number: 1,
        source: 'generation',
        summary: expect.stringMatching(/ generated$/),
        created_at: expect.any(String),
        build_status: 'succeeded',
        live: { preview: false, production: false },
      },
    ]);
    const paged = await call.get(`/managed_apps/${appId}/versions?page=2&per_page=1`).expect(200);
    expect(paged.body.versions.map((version: Version) => version.number)).toEqual([1]);
    expect(paged.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 2, per_page: 1 });
  }, 120_000);

  it('rolls back to the version before: a new version with its files, served at both addresses when the API answers', async () => {
    const rollback = await call.post(`/managed_apps/${appId}/rollback`, {}).expect(200);

    // Right after the answer, with no waiting: both addresses serve the first version's bundle.
    expect(await servedScript(previewUrl)).toBe(firstScript);
    expect(await servedScript(productionUrl)).toBe(firstScript);
    const listed = await versions(appId);
    expect(rollback.body).toEqual({ message: expect.stringContaining('Restored version 1 as version 3'), version_id: listed[0]?.id });
    expect(listed.map(({ number, source, build_status, live }) => ({ number, source, build_status, live }))).toEqual([
      { number: 3, source: 'rollback', build_status: 'succeeded', live: { preview: true, production: true } },
      { number: 2, source: 'generation', build_status: 'succeeded', live: { preview: false, production: false } },
      { number: 1, source: 'generation', build_status: 'succeeded', live: { preview: false, production: false } },
    ]);
    expect(listed[0]?.summary).toBe('Restored version 1');
    restoredVersionId = rollback.body.version_id;

    // The files are the first version's; the manifest describes the app as it is now, in production.
    const files = await sourceFiles(appId);
    expect(withoutManifest(files)).toEqual(withoutManifest(firstFiles));
    expect(files.find((file) => file.path === 'AGENTS.md')?.content).toContain(`Production: ${productionUrl}`);
  });

  it('builds a file edit after the rollback on the restored files', async () => {
    const main = firstFiles.find((file) => file.path === 'src/main.ts');
    expect(main).toBeDefined();
    const content = `${main?.content ?? ''}\n// edited after the rollback\n`;
    const edit = await call.post('/mcp/execute_tool', { tool: 'svc-write-file', app_id: appId, params: { path: 'src/main.ts', content } }).expect(200);
    expect(edit.body.result.build).toEqual({ status: 'succeeded', errors: [] });

    const expected = withoutManifest(firstFiles).map((file) => (file.path === 'src/main.ts' ? { ...file, content } : file));
    expect(withoutManifest(await sourceFiles(appId))).toEqual(expected);
    const [newest] = await versions(appId);
    expect(newest).toMatchObject({ number: 4, source: 'edit', summary: 'Edited src/main.ts', build_status: 'succeeded', live: { preview: true, production: false } });
  });

  it('rolls forward to a version named by its id', async () => {
    const second = (await versions(appId)).find((version) => version.number === 2);
    const rollback = await call.post(`/managed_apps/${appId}/rollback`, { version_id: second?.id }).expect(200);

    expect(await servedScript(previewUrl)).toBe(secondScript);
    expect(await servedScript(productionUrl)).toBe(secondScript);
    const [newest] = await versions(appId);
    expect(rollback.body).toEqual({ message: expect.stringContaining('Restored version 2 as version 5'), version_id: newest?.id });
    expect(newest).toMatchObject({ number: 5, source: 'rollback', summary: 'Restored version 2', live: { preview: true, production: true } });
    expect(newest?.id).not.toBe(restoredVersionId);
  });

  it('answers 404 for an unknown version and for another account, 422 when there is nothing earlier', async () => {
    const unknown = await call.post(`/managed_apps/${appId}/rollback`, { version_id: 999_999 }).expect(404);
    expect(unknown.body).toEqual({ error: 'not_found', message: expect.any(String) });
    const bad = await call.post(`/managed_apps/${appId}/rollback`, { version_id: 'first' }).expect(422);
    expect(bad.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'version_id', message: expect.any(String) }] });

    const notFound = { error: 'not_found', message: `App ${appId} was not found` };
    expect((await call.get(`/managed_apps/${appId}/versions`, stranger.key).expect(404)).body).toEqual(notFound);
    expect((await call.post(`/managed_apps/${appId}/rollback`, {}, stranger.key).expect(404)).body).toEqual(notFound);
    expect((await versions(appId)).length).toBe(5);

    const once = await generatedApp(owner.key, 'A reading log where I track books I read with their author and a rating');
    const refused = await call.post(`/managed_apps/${once.appId}/rollback`, {}).expect(422);
    expect(refused.body).toMatchObject({ error: 'validation_failed', message: expect.stringContaining('no earlier version to restore') });
    expect(await versions(once.appId)).toHaveLength(1);

    const draft = await call.post('/managed_apps', { name: 'Nothing yet' }).expect(201);
    const draftRefused = await call.post(`/managed_apps/${draft.body.app.id}/rollback`, {}).expect(422);
    expect(draftRefused.body).toMatchObject({ error: 'validation_failed', message: expect.stringContaining('nothing to restore') });
    expect((await call.get(`/managed_apps/${draft.body.app.id}/versions`).expect(200)).body).toEqual({
      versions: [],
      meta: { current_page: 1, total_pages: 0, total_count: 0, per_page: 25 },
    });
  });
});
