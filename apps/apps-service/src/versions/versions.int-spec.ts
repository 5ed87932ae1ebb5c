import { MANIFEST_PATHS } from '@appgen/app-manifest';
import { AppsSubjects, type AppPlan, type SourceFile } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { NOTES, PLAN, RECIPES, rpc, alice, bob, newApp, useAppsServiceUnderTest } from '../apps-service-under-test.testing';

const UPDATED_PLAN: AppPlan = { ...PLAN, name: 'Recipe box deluxe', prompts: [...PLAN.prompts, 'add a rating'] };

/** The manifest as a generator wrote it for a version, in path order with the rest. */
const manifest = (label: string): SourceFile[] => MANIFEST_PATHS.map((path) => ({ path, content: `# ${path} as generated for ${label}` }));
const isManifest = (file: SourceFile): boolean => (MANIFEST_PATHS as readonly string[]).includes(file.path);

const FIRST: SourceFile[] = [
  ...manifest('version 1'),
  { path: 'index.html', content: '<div id="app">one</div>' },
  { path: 'src/main.ts', content: 'console.log("one")' },
  { path: 'src/only-in-one.ts', content: 'export const one = 1;' },
];
const SECOND: SourceFile[] = [
  ...manifest('version 2'),
  { path: 'index.html', content: '<div id="app">two</div>' },
  { path: 'src/main.ts', content: 'console.log("two")' },
  { path: 'src/only-in-two.ts', content: 'export const two = 2;' },
];

describe('apps-service: versions over NATS', () => {
  useAppsServiceUnderTest();

  const page = { page: 1, per_page: 25 };
  const list = (id: string, paging = page) => rpc.request(AppsSubjects.listVersions, { caller: alice, id, ...paging });
  const filesOf = async (id: string, versionId: number): Promise<SourceFile[]> =>
    (await rpc.request(AppsSubjects.versionFiles, { caller: alice, id, version_id: versionId })).files;
  const currentTree = async (id: string): Promise<SourceFile[]> =>
    (await rpc.request(AppsSubjects.listFiles, { caller: alice, id })).files.map(({ path, content }) => ({ path, content }));

  /** An app generated twice: version 1 from FIRST with PLAN, version 2 from SECOND with UPDATED_PLAN. */
  async function generatedTwice(): Promise<{ id: string; v1: number; v2: number }> {
    const id = await newApp(alice);
    const v1 = (await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: FIRST, plan: PLAN, source: 'generation' })).version.id;
    const v2 = (await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: SECOND, plan: UPDATED_PLAN, source: 'generation' })).version.id;
    return { id, v1, v2 };
  }

  it('summarises each version in one line and lists them newest first, a page at a time', async () => {
    const { id } = await generatedTwice();
    await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'src/extra.ts', content: 'export {};' });
    await rpc.request(AppsSubjects.deleteFile, { caller: alice, id, path: 'src/extra.ts' });
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: FIRST, plan: null, source: 'generation' });

    const all = await list(id);
    expect(all.versions.map(({ number, source, summary }) => ({ number, source, summary }))).toEqual([
      { number: 5, source: 'generation', summary: 'Replaced all files' },
      { number: 4, source: 'edit', summary: 'Deleted src/extra.ts' },
      { number: 3, source: 'edit', summary: 'Edited src/extra.ts' },
      { number: 2, source: 'generation', summary: 'Recipe box deluxe updated' },
      { number: 1, source: 'generation', summary: 'Recipe box generated' },
    ]);
    expect(all.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 5, per_page: 25 });

    const second = await list(id, { page: 2, per_page: 2 });
    expect(second.versions.map((version) => version.number)).toEqual([3, 2]);
    expect(second.meta).toEqual({ current_page: 2, total_pages: 3, total_count: 5, per_page: 2 });
    expect((await list(id, { page: 4, per_page: 2 })).versions).toEqual([]);
  });

  it('restores the version before the newest as a new rollback version with exactly its files and its plan', async () => {
    const { id, v1 } = await generatedTwice();
    const previewUrl = `https://preview-${id}.preview.test`;
    await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'generated', preview_url: previewUrl } });

    const { version, restored } = await rpc.request(AppsSubjects.restoreVersion, { caller: alice, id });

    expect(restored).toMatchObject({ id: v1, number: 1, source: 'generation' });
    expect(version).toMatchObject({ app_id: id, number: 3, source: 'rollback', summary: 'Restored version 1', files_count: FIRST.length });
    expect((await list(id)).versions[0]).toEqual(version);
    expect(await filesOf(id, version.id)).toEqual(FIRST);
    // The current tree is version 1's; its manifest is rendered again for the app as it is now.
    const tree = await currentTree(id);
    expect(tree.map((file) => file.path)).toEqual(FIRST.map((file) => file.path));
    expect(tree.filter((file) => !isManifest(file))).toEqual(FIRST.filter((file) => !isManifest(file)));
    expect(tree.find((file) => file.path === 'AGENTS.md')?.content).toContain('# AGENTS.md: Recipe box');
    expect(tree.find((file) => file.path === 'AGENTS.md')?.content).toContain(previewUrl);
    // The next prompt starts from version 1's plan.
    expect(await rpc.request(AppsSubjects.latestPlan, { caller: alice, id })).toEqual({ plan: PLAN });
    const { app } = await rpc.request(AppsSubjects.get, { caller: alice, id });
    expect(app).toMatchObject({ versions_count: 3, files_count: FIRST.length });
  });

  it("puts back the restored plan's entity definitions, keeping entities only later plans named and every row", async () => {
    const id = await newApp(alice);
    const first: AppPlan = { ...PLAN, entities: [RECIPES] };
    // The second prompt made the rating required and added notes.
    const ratedRecipes = { ...RECIPES, fields: RECIPES.fields.map((field) => (field.name === 'rating' ? { ...field, required: true } : field)) };
    const second: AppPlan = { ...PLAN, name: 'Recipe box deluxe', entities: [ratedRecipes, NOTES] };
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: FIRST, plan: first, source: 'generation' });
    await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: SECOND, plan: second, source: 'generation' });
    for (const entity of second.entities) await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity });
    const owner = { actor: { kind: 'owner' as const }, caller: alice };
    await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', ...owner, data: { title: 'Soup', rating: 4 } });

    await rpc.request(AppsSubjects.restoreVersion, { caller: alice, id });

    const { entities } = await rpc.request(AppsSubjects.listEntities, { caller: alice, app_id: id });
    expect(entities.map((entity) => entity.name).sort()).toEqual(['notes', 'recipes']);
    expect(entities.find((entity) => entity.name === 'recipes')?.fields).toEqual(RECIPES.fields);
    // Version 1's form sends no rating: the restored definition takes it again.
    await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', ...owner, data: { title: 'Bread' } });
    const rows = await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', ...owner, limit: 10, offset: 0 });
    expect(rows.rows.map((row) => row['title']).sort()).toEqual(['Bread', 'Soup']);
  });

  it('restores a given version, and the next edit starts from the restored files', async () => {
    const { id, v1, v2 } = await generatedTwice();
    await rpc.request(AppsSubjects.restoreVersion, { caller: alice, id, version_id: v1 });

    const forward = await rpc.request(AppsSubjects.restoreVersion, { caller: alice, id, version_id: v2 });

    expect(forward.version).toMatchObject({ number: 4, source: 'rollback', summary: 'Restored version 2' });
    expect(await filesOf(id, forward.version.id)).toEqual(SECOND);
    expect((await rpc.request(AppsSubjects.latestPlan, { caller: alice, id })).plan).toEqual(UPDATED_PLAN);

    const edited = await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'src/main.ts', content: 'console.log("two, edited")' });
    expect(edited.version).toMatchObject({ number: 5, source: 'edit', summary: 'Edited src/main.ts' });
    const afterEdit = await filesOf(id, edited.version.id);
    expect(afterEdit.filter((file) => !isManifest(file))).toEqual(
      SECOND.filter((file) => !isManifest(file)).map((file) => (file.path === 'src/main.ts' ? { ...file, content: 'console.log("two, edited")' } : file)),
    );
  });

  it('restoring an edit keeps the plan that was in effect at that edit', async () => {
    const { id } = await generatedTwice();
    const edit = await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'src/main.ts', content: 'console.log("edited")' });
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: FIRST, plan: { ...PLAN, name: 'Third plan' }, source: 'generation' });

    const { version } = await rpc.request(AppsSubjects.restoreVersion, { caller: alice, id, version_id: edit.version.id });

    expect(version).toMatchObject({ number: 5, summary: 'Restored version 3' });
    expect((await rpc.request(AppsSubjects.latestPlan, { caller: alice, id })).plan).toEqual(UPDATED_PLAN);
    expect((await filesOf(id, version.id)).find((file) => file.path === 'src/main.ts')?.content).toBe('console.log("edited")');
  });

  it('refuses what it cannot restore, changing nothing: 404 for unknown or foreign versions, 422 with nothing earlier', async () => {
    const { id, v2 } = await generatedTwice();
    const other = await generatedTwice();

    expect(await rpcFailure(rpc.request(AppsSubjects.restoreVersion, { caller: alice, id, version_id: 999_999 }))).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Version 999999 was not found' },
    });
    expect(await rpcFailure(rpc.request(AppsSubjects.restoreVersion, { caller: alice, id, version_id: other.v1 }))).toMatchObject({ status: 404 });
    expect(await rpcFailure(rpc.request(AppsSubjects.restoreVersion, { caller: bob, id }))).toEqual({
      status: 404,
      body: { error: 'not_found', message: `App ${id} was not found` },
    });
    expect(await rpcFailure(rpc.request(AppsSubjects.restoreVersion, { caller: alice, id, version_id: v2 }))).toEqual({
      status: 422,
      body: {
        error: 'validation_failed',
        message: "Version 2 is the app's current version already: there is nothing to restore",
        errors: [{ field: 'version_id', message: 'names version 2, which is the current version already' }],
      },
    });
    expect((await list(id)).meta.total_count).toBe(2);

    const once = await newApp(alice);
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id: once, files: FIRST, plan: PLAN, source: 'generation' });
    expect(await rpcFailure(rpc.request(AppsSubjects.restoreVersion, { caller: alice, id: once }))).toEqual({
      status: 422,
      body: {
        error: 'validation_failed',
        message: `App ${once} has only one version: there is no earlier version to restore`,
        errors: [{ field: 'version_id', message: 'has no default: there is no earlier version of this app to restore' }],
      },
    });
    const draft = await newApp(alice);
    expect(await rpcFailure(rpc.request(AppsSubjects.restoreVersion, { caller: alice, id: draft }))).toMatchObject({
      status: 422,
      body: { error: 'validation_failed', message: `App ${draft} has no version yet, so there is nothing to restore: generate it first` },
    });
    expect((await list(once)).meta.total_count).toBe(1);
    expect((await list(draft)).meta.total_count).toBe(0);
  });
});
