import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import {
  AppsEvents,
  AppsSubjects,
  type AppPlan,
  type Caller,
  type EntityPlan,
  type PageView,
  type RowActor,
} from '@appgen/contracts';
import { connectNats, loadConfig, RpcClient } from '@appgen/service-kit';
import {
  createScratchDatabase,
  rpcFailure,
  startNatsServer,
  startServiceApp,
  testCaller,
  waitForEvents,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { AppModule } from './app.module';
import { appsEnv } from './config/apps.config';

const PLAN: AppPlan = {
  name: 'Recipe box',
  description: 'Recipes with ingredients',
  entities: [],
  pages: [{ path: '/', title: 'Home', kind: 'home' }],
  prompts: ['A recipe manager'],
};

const RECIPES: EntityPlan = {
  name: 'recipes',
  label: 'Recipes',
  label_singular: 'Recipe',
  user_scoped: false,
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, unique: true },
    { name: 'cooking_time', label: 'Cooking time', type: 'integer', required: false, hint: 'minutes' },
    { name: 'rating', label: 'Rating', type: 'number', required: false },
    { name: 'course', label: 'Course', type: 'select', required: false, options: ['starter', 'main', 'dessert'] },
  ],
};

const NOTES: EntityPlan = {
  name: 'notes',
  label: 'Notes',
  label_singular: 'Note',
  user_scoped: true,
  fields: [{ name: 'body', label: 'Body', type: 'text', required: true }],
};

describe('apps-service: files, versions, entities, rows, runtime and analytics over NATS', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let service: INestMicroservice;
  let connection: NatsConnection;
  let rpc: RpcClient;
  let db: Client;
  const alice = testCaller(11);
  const bob = testCaller(12);

  async function newApp(owner: Caller, name = 'Recipe box'): Promise<string> {
    return (await rpc.request(AppsSubjects.create, { caller: owner, name })).app.id;
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_apps3_it');
    const config = loadConfig(appsEnv, { DATABASE_URL: database.url, NATS_URL: nats.url, SITE_URL: 'https://appgen.test' });
    service = await startServiceApp('apps-service', AppModule.forConfig(config), nats.url);
    connection = await connectNats(nats.url, 'apps-service-content-test');
    rpc = new RpcClient(connection, 10000);
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await service?.close();
    await connection?.drain();
    await database?.drop();
    await nats?.stop();
  });

  describe('files and versions', () => {
    it('saves a tree as version 1, idempotently by key, and counts it in the detail view', async () => {
      const id = await newApp(alice);
      const files = [
        { path: 'index.html', content: '<div id="app"></div>' },
        { path: 'src/main.ts', content: 'console.log("hi")' },
        { path: 'AGENTS.md', content: '# Recipe box' },
      ];
      const first = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files, plan: PLAN, source: 'generation', idempotency_key: 'job_a' });
      expect(first.version).toMatchObject({ app_id: id, number: 1, source: 'generation', files_count: 3 });
      const retried = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files, plan: PLAN, source: 'generation', idempotency_key: 'job_a' });
      expect(retried.version).toEqual(first.version);

      const { app } = await rpc.request(AppsSubjects.get, { caller: alice, id });
      expect(app).toMatchObject({ versions_count: 1, files_count: 3 });
      const listed = await rpc.request(AppsSubjects.listFiles, { caller: alice, id });
      expect(listed).toMatchObject({ app_id: id, count: 3 });
      expect(listed.files.map((f) => f.path)).toEqual(['AGENTS.md', 'index.html', 'src/main.ts']);
      expect(listed.files[2]).toMatchObject({ path: 'src/main.ts', content: 'console.log("hi")', size: 17 });
      expect(await rpc.request(AppsSubjects.latestPlan, { caller: alice, id })).toEqual({ plan: PLAN });

      // A second save replaces the tree: files it leaves out are gone from the current tree.
      const second = await rpc.request(AppsSubjects.saveVersion, {
        caller: alice,
        id,
        files: [{ path: 'index.html', content: '<main></main>' }],
        plan: null,
        source: 'rollback',
      });
      expect(second.version).toMatchObject({ number: 2, source: 'rollback', files_count: 1 });
      expect((await rpc.request(AppsSubjects.listFiles, { caller: alice, id })).files.map((f) => f.path)).toEqual(['index.html']);
      // latestPlan skips versions without a plan.
      expect((await rpc.request(AppsSubjects.latestPlan, { caller: alice, id })).plan).toEqual(PLAN);
      const versions = await rpc.request(AppsSubjects.listVersions, { caller: alice, id });
      expect(versions.versions.map((v) => v.number)).toEqual([2, 1]);
      // Version 1 keeps its own snapshot.
      const v1 = await rpc.request(AppsSubjects.versionFiles, { caller: alice, id, version_id: first.version.id });
      expect(v1).toEqual({ files: [files[2], files[0], files[1]], next: null });
    });

    it('writes and deletes single files as new edit versions, and reads them back', async () => {
      const id = await newApp(alice);
      const written = await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'src/app.ts', content: 'export const a = 1;\n' });
      expect(written.file).toMatchObject({ path: 'src/app.ts', content: 'export const a = 1;\n', size: 20 });
      expect(written.version).toMatchObject({ number: 1, source: 'edit', files_count: 1 });
      const rewritten = await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'src/app.ts', content: 'é' });
      expect(rewritten.file?.size).toBe(2);
      expect(rewritten.version.number).toBe(2);
      await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'README.md', content: '# hi' });
      expect((await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'src/app.ts' })).file.content).toBe('é');

      const deleted = await rpc.request(AppsSubjects.deleteFile, { caller: alice, id, path: 'src/app.ts' });
      expect(deleted).toMatchObject({ file: null, version: { number: 4, source: 'edit', files_count: 1 } });
      expect(await rpcFailure(rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'src/app.ts' }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'File src/app.ts was not found' },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.deleteFile, { caller: alice, id, path: 'src/app.ts' }))).status).toBe(404);
      const { app } = await rpc.request(AppsSubjects.get, { caller: alice, id });
      expect(app).toMatchObject({ versions_count: 4, files_count: 1 });
    });

    it('refuses unsafe paths, oversized content and too many files with 422', async () => {
      const id = await newApp(alice);
      for (const path of ['../etc/passwd', '/abs.ts', 'a/../b.ts', 'has space.ts', 'x'.repeat(301), 'a//b.ts', '']) {
        const refused = await rpcFailure(rpc.request(AppsSubjects.writeFile, { caller: alice, id, path, content: 'x' }));
      expect(refused.body.message).toMatch(/^path /);
        expect(refused.status).toBe(422);
        expect(refused.body.error).toBe('validation_failed');
        expect(refused.body.errors?.[0]?.field).toBe('path');
      }
      // (Content over 1 MB cannot cross NATS at its default 1 MB message limit; source-path.spec.ts covers that rule.)
      const tooMany = Array.from({ length: 501 }, (_, i) => ({ path: `f${i}.txt`, content: '' }));
      const save = await rpcFailure(rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: tooMany, plan: null, source: 'generation' }));
      expect(save.body.errors).toEqual([{ field: 'files', message: 'may hold at most 500 files (got 501)' }]);
      const full = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: tooMany.slice(0, 500), plan: null, source: 'generation' });
      expect(full.version.files_count).toBe(500);
      const over = await rpcFailure(rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'one-more.txt', content: '' }));
      expect(over.body.errors).toEqual([{ field: 'path', message: 'cannot be added: an app holds at most 500 files' }]);
      expect((await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'f0.txt', content: 'replacing is fine' })).version.files_count).toBe(500);
      const duplicate = await rpcFailure(
        rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: [{ path: 'a', content: '' }, { path: 'a', content: '' }], plan: null, source: 'generation' }),
      );
      expect(duplicate.body.errors).toEqual([{ field: 'files[1].path', message: 'repeats a' }]);
    });

    it('lists by path substring or glob, sorted by path', async () => {
      const id = await newApp(alice);
      const paths = ['src/pages/recipes.ts', 'src/main.ts', 'index.html', 'src/styles/app.css', 'AGENTS.md', 'src/pages/my_list.ts'];
      await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: paths.map((path) => ({ path, content: path })), plan: null, source: 'generation' });
      const names = async (filter: { path?: string; pattern?: string }): Promise<string[]> =>
        (await rpc.request(AppsSubjects.listFiles, { caller: alice, id, ...filter })).files.map((f) => f.path);
      expect(await names({ path: 'pages' })).toEqual(['src/pages/my_list.ts', 'src/pages/recipes.ts']);
      expect(await names({ path: '_' })).toEqual(['src/pages/my_list.ts']);
      expect(await names({ path: 'AGENTS.md' })).toEqual(['AGENTS.md']);
      expect(await names({ pattern: 'src/**/*.ts' })).toEqual(['src/main.ts', 'src/pages/my_list.ts', 'src/pages/recipes.ts']);
      expect(await names({ pattern: 'src/*.ts' })).toEqual(['src/main.ts']);
      expect(await names({ pattern: '**/*.css' })).toEqual(['src/styles/app.css']);
      expect(await names({ pattern: '*.md' })).toEqual(['AGENTS.md']);
    });

    it('pages a version’s files by path in pages of at most 512 KB', async () => {
      const id = await newApp(alice);
      const chunk = 'x'.repeat(200 * 1024);
      const files = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'].map((path) => ({ path, content: chunk }));
      const { version } = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files, plan: null, source: 'generation' });
      const pages: string[][] = [];
      let after: string | undefined;
      for (;;) {
        const page = await rpc.request(AppsSubjects.versionFiles, { caller: alice, id, version_id: version.id, after });
        pages.push(page.files.map((f) => f.path));
        expect(page.files.reduce((sum, f) => sum + f.content.length, 0)).toBeLessThanOrEqual(512 * 1024);
        if (!page.next) break;
        after = page.next;
      }
      expect(pages).toEqual([['a.txt', 'b.txt'], ['c.txt', 'd.txt'], ['e.txt']]);
      // A version of another app is not reachable through this one.
      const other = await newApp(alice);
      expect((await rpcFailure(rpc.request(AppsSubjects.versionFiles, { caller: alice, id: other, version_id: version.id }))).body).toEqual({
        error: 'not_found',
        message: `Version ${version.id} was not found`,
      });
    });

    it('answers 404 for every file and version subject of another account’s app', async () => {
      const id = await newApp(alice);
      const { version } = await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'secret.txt', content: 'alice only' });
      const notFound = { status: 404, body: { error: 'not_found', message: `App ${id} was not found` } };
      for (const attempt of [
        rpc.request(AppsSubjects.listFiles, { caller: bob, id }),
        rpc.request(AppsSubjects.readFile, { caller: bob, id, path: 'secret.txt' }),
        rpc.request(AppsSubjects.writeFile, { caller: bob, id, path: 'secret.txt', content: 'bob' }),
        rpc.request(AppsSubjects.deleteFile, { caller: bob, id, path: 'secret.txt' }),
        rpc.request(AppsSubjects.saveVersion, { caller: bob, id, files: [], plan: null, source: 'generation' }),
        rpc.request(AppsSubjects.listVersions, { caller: bob, id }),
        rpc.request(AppsSubjects.versionFiles, { caller: bob, id, version_id: version.id }),
        rpc.request(AppsSubjects.latestPlan, { caller: bob, id }),
        rpc.request(AppsSubjects.setLifecycle, { caller: bob, id, changes: { status: 'published' } }),
        rpc.request(AppsSubjects.defineEntity, { caller: bob, id, entity: RECIPES }),
        rpc.request(AppsSubjects.listEntities, { caller: bob, app_id: id }),
        rpc.request(AppsSubjects.queryAnalytics, { caller: bob, id, period: '7d' }),
      ]) {
        expect(await rpcFailure(attempt)).toEqual(notFound);
      }
      expect((await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'secret.txt' })).file.content).toBe('alice only');
    });
  });

  describe('lifecycle', () => {
    it('applies status and addresses, and writes app.updated only when something changed', async () => {
      const id = await newApp(alice);
      const publishedAt = '2025-03-01T10:00:00.000Z';
      const generating = await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'generating' } });
      expect(generating.app.status).toBe('generating');
      const again = await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'generating' } });
      expect(again.app.status).toBe('generating');
      const published = await rpc.request(AppsSubjects.setLifecycle, {
        caller: alice,
        id,
        changes: { status: 'published', preview_url: 'http://preview.test', production_url: 'http://prod.test', published_at: publishedAt },
      });
      expect(published.app).toMatchObject({
        status: 'published',
        preview_url: 'http://preview.test',
        production_url: 'http://prod.test',
        published_at: publishedAt,
      });
      await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { published_at: publishedAt, preview_url: 'http://preview.test' } });
      const refused = await rpcFailure(rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'shipped' as 'draft' } }));
      expect(refused.body.errors).toEqual([{ field: 'changes.status', message: 'must be one of draft, generating, generated, published, failed' }]);

      const events = await waitForEvents(connection, (all) => all.filter((e) => e.app_id === id && e.event === 'app.updated').length >= 2);
      const updates = events.filter((e) => e.app_id === id && e.event === 'app.updated');
      expect(updates.map((e) => ('changed' in e.data ? e.data.changed : null))).toEqual([['status'], ['status', 'preview_url', 'production_url', 'published_at']]);
    });

    it('rewrites the manifest in the current tree when the addresses or the name change, without a new version', async () => {
      const id = await newApp(alice);
      const agents = async (): Promise<string> => (await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'AGENTS.md' })).file.content;
      await rpc.request(AppsSubjects.saveVersion, {
        caller: alice,
        id,
        files: [
          { path: 'index.html', content: '<div id="app"></div>' },
          { path: 'AGENTS.md', content: '# Recipe box' },
        ],
        plan: { ...PLAN, entities: [RECIPES] },
        source: 'generation',
      });

      await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'generated', preview_url: `http://preview-${id}.test` } });
      expect(await agents()).toContain(`Production: not deployed yet`);
      await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'published', production_url: `http://${id}.apps.test` } });
      const deployed = await agents();
      expect(deployed).toContain('# AGENTS.md: Recipe box');
      expect(deployed).toContain(`App id: \`${id}\``);
      expect(deployed).toContain(`Preview: http://preview-${id}.test`);
      expect(deployed).toContain(`Production: http://${id}.apps.test`);
      expect(deployed).toContain(`Editor: https://appgen.test/account/apps/${id}/editor`);
      expect(deployed).toContain('### `recipes`');
      expect(deployed).toContain('| `cooking_time` | Cooking time | integer | no | minutes |');
      expect(deployed).not.toContain('## Environment variables');

      await rpc.request(AppsSubjects.update, { caller: alice, id, changes: { name: 'Family cookbook' } });
      expect(await agents()).toContain('# AGENTS.md: Family cookbook');
      expect(await agents()).toContain(`Production: http://${id}.apps.test`);
      expect((await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'CLAUDE.md' })).file.content).toContain('# CLAUDE.md: Family cookbook');
      expect((await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'SKILL.md' })).file.content).toContain('name: family-cookbook-app');
      // Documentation only: the versions stay as generated, the source files untouched.
      expect((await rpc.request(AppsSubjects.listVersions, { caller: alice, id })).versions).toHaveLength(1);
      expect((await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'index.html' })).file.content).toBe('<div id="app"></div>');
    });

    it('writes no manifest for a draft that was never generated', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id, changes: { status: 'published', production_url: `http://${id}.apps.test` } });
      await rpc.request(AppsSubjects.update, { caller: alice, id, changes: { name: 'Still a draft' } });
      expect((await rpc.request(AppsSubjects.listFiles, { caller: alice, id })).count).toBe(0);
      expect(await rpcFailure(rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'AGENTS.md' }))).toMatchObject({ status: 404 });
    });
  });

  describe('entities and rows', () => {
    const visitor: RowActor = { kind: 'visitor' };
    const owner: RowActor = { kind: 'owner' };
    const ann: RowActor = { kind: 'app_user', email: 'Ann@Example.com' };
    const ben: RowActor = { kind: 'app_user', email: 'ben@example.com' };

    it('defines entities by name (upsert), validating names, types and options', async () => {
      const id = await newApp(alice);
      expect((await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES })).entity).toEqual({ ...RECIPES, open_writes: false });
      const withCategory = { ...RECIPES, fields: [...RECIPES.fields, { name: 'category', label: 'Category', type: 'text' as const, required: false }] };
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: withCategory });
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: NOTES });
      const listed = await rpc.request(AppsSubjects.listEntities, { app_id: id, caller: alice });
      expect(listed.entities.map((e) => [e.name, e.fields.length])).toEqual([
        ['recipes', 5],
        ['notes', 1],
      ]);
      expect((await rpc.request(AppsSubjects.listEntities, { app_id: id })).entities).toHaveLength(2);
      const refused = await rpcFailure(
        rpc.request(AppsSubjects.defineEntity, {
          caller: alice,
          id,
          entity: { ...RECIPES, name: 'My Recipes', fields: [{ name: 'kind', label: 'Kind', type: 'select', required: false }] },
        }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.map((e) => e.field)).toEqual(['name', 'fields[0].options']);
    });

    it('stores, validates, filters, orders and pages rows of a shared entity for app users, visitors (reading) and the owner', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
      const soup = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ann, data: { title: 'Soup', cooking_time: 30, course: 'starter' } });
      expect(Object.keys(soup.row)).toEqual(['id', 'title', 'cooking_time', 'rating', 'course', 'created_at', 'updated_at']);
      expect(soup.row).toMatchObject({ title: 'Soup', cooking_time: 30, rating: null, course: 'starter' });
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: owner, caller: alice, data: { title: 'Stew', cooking_time: 90, rating: 4.5, course: 'main' } });
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ben, data: { title: 'Cake', cooking_time: 60, rating: 5, course: 'dessert' } });

      const invalid = await rpcFailure(
        rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ann, data: { cooking_time: 'long', colour: 'red' } }),
      );
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors?.map((e) => e.field)).toEqual(['colour', 'title', 'cooking_time']);
      expect(invalid.body.errors?.[0]?.message).toContain('is not a field of recipes');
      const taken = await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ben, data: { title: 'Soup' } }));
      expect(taken.body.errors).toEqual([{ field: 'title', message: 'is already taken by another row' }]);

      const query = (extra: { filters?: Record<string, string | number | null>; order_by?: string; limit?: number; offset?: number }) =>
        rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', actor: visitor, limit: 25, offset: 0, ...extra });
      expect((await query({})).rows.map((r) => r.title)).toEqual(['Soup', 'Stew', 'Cake']);
      expect((await query({ order_by: '-cooking_time' })).rows.map((r) => r.title)).toEqual(['Stew', 'Cake', 'Soup']);
      expect((await query({ order_by: 'rating' })).rows.map((r) => r.title)).toEqual(['Stew', 'Cake', 'Soup']);
      expect(await query({ filters: { course: 'main' } })).toMatchObject({ total: 1, rows: [{ title: 'Stew' }] });
      expect(await query({ filters: { rating: null } })).toMatchObject({ total: 1, rows: [{ title: 'Soup' }] });
      expect(await query({ limit: 1, offset: 1 })).toMatchObject({ total: 3, rows: [{ title: 'Stew' }] });
      expect((await rpcFailure(query({ limit: 101 }))).body.errors).toEqual([{ field: 'limit', message: 'must be a whole number from 1 to 100' }]);
      expect((await rpcFailure(query({ order_by: 'colour' }))).body.errors?.[0]?.field).toBe('order_by');
      expect((await rpcFailure(query({ filters: { colour: 'red' } }))).body.errors?.[0]?.field).toBe('filters.colour');

      // Rows of a shared entity are everyone's: Ben changes and deletes the soup Ann added.
      const updated = await rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'recipes', actor: ben, id: soup.row.id, data: { rating: 3 } });
      expect(updated.row).toMatchObject({ id: soup.row.id, title: 'Soup', cooking_time: 30, rating: 3 });
      expect(updated.row.updated_at >= soup.row.updated_at).toBe(true);
      const renameClash = await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'recipes', actor: ben, id: soup.row.id, data: { title: 'Cake' } }));
      expect(renameClash.status).toBe(422);
      expect((await rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id })).row.rating).toBe(3);
      expect(await rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'recipes', actor: ben, id: soup.row.id })).toEqual({ success: true });
      expect(await rpcFailure(rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: `Recipe ${soup.row.id} was not found` },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'dishes', actor: visitor, limit: 10, offset: 0 }))).body).toEqual({
        error: 'not_found',
        message: 'Entity dishes was not found',
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: 'nosuchapp123', entity: 'recipes', actor: visitor, limit: 10, offset: 0 }))).status).toBe(404);
    });

    it('lets visitors read a shared entity but write only one declared open for writes', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
      const soup = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ann, data: { title: 'Soup' } });
      expect((await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', actor: visitor, limit: 10, offset: 0 })).total).toBe(1);
      expect((await rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id })).row.title).toBe('Soup');
      const signIn = (intent: string) => ({ status: 401, body: { error: 'unauthorized', message: `Sign in to ${intent} recipes` } });
      expect(await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: visitor, data: { title: 'Cake' } }))).toEqual(signIn('add'));
      expect(await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id, data: { rating: 1 } }))).toEqual(
        signIn('change'),
      );
      expect(await rpcFailure(rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id }))).toEqual(signIn('change'));
      expect((await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', actor: owner, caller: alice, limit: 10, offset: 0 })).rows).toEqual([
        expect.objectContaining({ title: 'Soup', rating: null }),
      ]);
      // The owner, through the API and tools, writes whatever the entity allows visitors.
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: owner, caller: alice, data: { title: 'Stew' } });

      const GUESTBOOK: EntityPlan = {
        name: 'entries',
        label: 'Entries',
        label_singular: 'Entry',
        user_scoped: false,
        open_writes: true,
        fields: [{ name: 'message', label: 'Message', type: 'text', required: true }],
      };
      expect((await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: GUESTBOOK })).entity.open_writes).toBe(true);
      expect((await rpc.request(AppsSubjects.listEntities, { app_id: id })).entities.map((e) => [e.name, e.open_writes])).toEqual([
        ['recipes', false],
        ['entries', true],
      ]);
      const hello = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'entries', actor: visitor, data: { message: 'Hello!' } });
      const edited = await rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'entries', actor: visitor, id: hello.row.id, data: { message: 'Hello again!' } });
      expect(edited.row.message).toBe('Hello again!');
      expect(await rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'entries', actor: visitor, id: hello.row.id })).toEqual({ success: true });

      const scopedAndOpen = await rpcFailure(rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: { ...NOTES, open_writes: true } }));
      expect(scopedAndOpen).toEqual({
        status: 422,
        body: expect.objectContaining({
          error: 'validation_failed',
          errors: [{ field: 'open_writes', message: 'applies to shared entities only: rows of a user_scoped entity belong to signed-in users' }],
        }),
      });
    });

    it('scopes rows of a user_scoped entity to their app user; visitors must sign in; the owner sees all', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: NOTES });
      const annNote = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: ann, data: { body: 'ann’s note' } });
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: ben, data: { body: 'ben’s note' } });
      const annAgain: RowActor = { kind: 'app_user', email: 'ann@example.com' };
      expect((await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: annAgain, limit: 10, offset: 0 })).rows.map((r) => r.body)).toEqual(['ann’s note']);
      expect(await rpcFailure(rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'notes', actor: ben, id: annNote.row.id }))).toMatchObject({ status: 404 });
      expect((await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'notes', actor: ben, id: annNote.row.id, data: { body: 'x' } }))).status).toBe(404);
      expect((await rpcFailure(rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'notes', actor: ben, id: annNote.row.id }))).status).toBe(404);

      expect(await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: visitor, limit: 10, offset: 0 }))).toEqual({
        status: 401,
        body: { error: 'unauthorized', message: 'Sign in to see notes' },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: visitor, data: { body: 'anon' } }))).body).toEqual({
        error: 'unauthorized',
        message: 'Sign in to add notes',
      });

      const all = await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: owner, caller: alice, limit: 10, offset: 0 });
      expect(all.total).toBe(2);
      // The owner actor needs the owning account: another account, or none, finds no app.
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: owner, caller: bob, limit: 10, offset: 0 }))).status).toBe(404);
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: owner, limit: 10, offset: 0 }))).status).toBe(404);
      expect((await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: annAgain, caller: bob, data: { body: 'x' } }))).status).toBe(404);
    });
  });

  describe('runtime and analytics', () => {
    it('resolves an app for the edge without a caller, 404 for an unknown id', async () => {
      const id = await newApp(alice, 'Public face');
      await rpc.request(AppsSubjects.update, { caller: alice, id, changes: { visibility: 'login_required' } });
      expect(await rpc.request(AppsSubjects.resolveRuntime, { app_id: id })).toEqual({
        app: { id, account_id: 11, name: 'Public face', status: 'draft', visibility: 'login_required' },
      });
      expect(await rpcFailure(rpc.request(AppsSubjects.resolveRuntime, { app_id: 'zzzzzzzzzzzz' }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'App zzzzzzzzzzzz was not found' },
      });
    });

    it('counts page views, unique visitors and sessions per period from the edge’s batches', async () => {
      const id = await newApp(alice);
      const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString();
      const view = (visitor: string, session: string, days: number): PageView => ({
        app_id: id,
        visitor,
        session,
        path: '/',
        environment: 'production',
        at: daysAgo(days),
      });
      rpc.emit(AppsEvents.recordPageViews, {
        views: [view('v1', 's1', 1), view('v1', 's1', 1), view('v2', 's2', 2), view('v1', 's3', 20), view('v3', 's4', 60), view('v4', 's5', 120)],
      });
      // Views of an unknown app and malformed entries do not spoil the rest of a batch.
      rpc.emit(AppsEvents.recordPageViews, { views: [{ ...view('v9', 's9', 1), app_id: 'gone00000000' }, { ...view('v2', 's2', 1), at: 'yesterday' }, view('v2', 's6', 3)] });
      const metrics = async (period: '7d' | '30d' | '90d') => (await rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period })).metrics;
      const deadline = Date.now() + 5000;
      while ((await metrics('90d')).page_views < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await metrics('7d')).toEqual({ page_views: 4, unique_visitors: 2, sessions: 3 });
      expect(await metrics('30d')).toEqual({ page_views: 5, unique_visitors: 2, sessions: 4 });
      expect(await rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period: '90d' })).toEqual({
        app_id: id,
        period: '90d',
        metrics: { page_views: 6, unique_visitors: 3, sessions: 5 },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period: '1y' as '7d' }))).status).toBe(422);
    });
  });

  it('deletes an app with its files, versions, entities, rows and page views', async () => {
    const id = await newApp(alice);
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: [{ path: 'index.html', content: 'x' }], plan: PLAN, source: 'generation' });
    await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'a.txt', content: 'a' });
    await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
    await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: { kind: 'app_user', email: 'ann@example.com' }, data: { title: 'Soup' } });
    rpc.emit(AppsEvents.recordPageViews, { views: [{ app_id: id, visitor: 'v', session: 's', path: '/', environment: 'preview', at: new Date().toISOString() }] });
    const deadline = Date.now() + 5000;
    while ((await rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period: '7d' })).metrics.page_views < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const counts = async (): Promise<Record<string, number>> => {
      const result = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM apps.app_files WHERE app_id = $1) AS files,
                (SELECT count(*)::int FROM apps.app_versions WHERE app_id = $1) AS versions,
                (SELECT count(*)::int FROM apps.app_version_files f JOIN apps.app_versions v ON v.id = f.version_id WHERE v.app_id = $1) AS version_files,
                (SELECT count(*)::int FROM apps.app_version_files) AS all_version_files,
                (SELECT count(*)::int FROM apps.app_entities WHERE app_id = $1) AS entities,
                (SELECT count(*)::int FROM apps.app_rows WHERE app_id = $1) AS rows,
                (SELECT count(*)::int FROM apps.app_page_views WHERE app_id = $1) AS page_views`,
        [id],
      );
      return result.rows[0] ?? {};
    };
    const before = await counts();
    expect(before).toMatchObject({ files: 2, versions: 2, version_files: 3, entities: 1, rows: 1, page_views: 1 });
    await rpc.request(AppsSubjects.delete, { caller: alice, id });
    const after = await counts();
    expect(after).toEqual({ files: 0, versions: 0, version_files: 0, all_version_files: (before['all_version_files'] ?? 0) - 3, entities: 0, rows: 0, page_views: 0 });
  });
});
