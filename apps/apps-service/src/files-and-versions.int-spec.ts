import { AppsSubjects } from '@appgen/contracts';
import { rpcFailure, waitForEvents } from '@appgen/testing';
import { PLAN, RECIPES, connection, rpc, alice, bob, newApp, useAppsServiceUnderTest } from './apps-service-under-test.testing';

describe('apps-service: files, versions, entities, rows, runtime and analytics over NATS', () => {
  useAppsServiceUnderTest();

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
      const versions = await rpc.request(AppsSubjects.listVersions, { caller: alice, id, page: 1, per_page: 25 });
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
        rpc.request(AppsSubjects.listVersions, { caller: bob, id, page: 1, per_page: 25 }),
        rpc.request(AppsSubjects.versionFiles, { caller: bob, id, version_id: version.id }),
        rpc.request(AppsSubjects.latestPlan, { caller: bob, id }),
        rpc.request(AppsSubjects.setLifecycle, { caller: bob, id, changes: { status: 'published' } }),
        rpc.request(AppsSubjects.defineEntity, { caller: bob, id, entity: RECIPES }),
        rpc.request(AppsSubjects.listEntities, { caller: bob, app_id: id }),
        rpc.request(AppsSubjects.queryAnalytics, { caller: bob, id, period: '7d' }),
        rpc.request(AppsSubjects.queryAnalyticsSeries, { caller: bob, id, period: '7d' }),
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
      expect((await rpc.request(AppsSubjects.listVersions, { caller: alice, id, page: 1, per_page: 25 })).versions).toHaveLength(1);
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
});
