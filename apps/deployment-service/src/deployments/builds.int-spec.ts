import { DeploymentSubjects } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { INDEX_HTML, recipeApp, rpc, apps, alice, bob, useDeploymentServiceUnderTest } from './deployment-service-under-test.testing';

describe('deployment-service over NATS', () => {
  useDeploymentServiceUnderTest();

  describe('builds', () => {
    it('builds a version page by page, stores its bundle and makes it the preview', async () => {
      const app = apps.addApp('buildok00001', alice.accountId);
      const versionId = apps.addVersion(app, recipeApp('Recipes'));

      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });

      expect(build).toMatchObject({ app_id: app.id, version_id: versionId, status: 'succeeded', errors: [] });
      // five files, two per page
      expect(apps.fileRequests.filter((id) => id === app.id)).toHaveLength(3);
      expect(app.preview_url).toBe('http://preview-buildok00001.preview.test:8080');

      const bundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' });
      expect(bundle).toEqual({
        build_id: build.id,
        etag: `"build-${build.id}"`,
        paths: ['assets/app.js', 'assets/app.js.map', 'favicon.svg', 'index.html'],
      });
      const html = await rpc.request(DeploymentSubjects.bundleFile, { build_id: build.id, path: 'index.html' });
      expect(html).toEqual({ path: 'index.html', content: INDEX_HTML, content_type: 'text/html; charset=utf-8' });
      const script = await rpc.request(DeploymentSubjects.bundleFile, { build_id: build.id, path: '/assets/app.js' });
      expect(script.content_type).toBe('text/javascript; charset=utf-8');
      expect(script.content).toContain('<h1>Recipes</h1>');
      expect(await rpcFailure(rpc.request(DeploymentSubjects.bundleFile, { build_id: build.id, path: 'missing.js' }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });

      // no production bundle before a deployment
      expect(await rpcFailure(rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });
    });

    it('answers the stored build when the same version is built again, without fetching its files', async () => {
      const app = apps.addApp('buildtwice01', alice.accountId);
      const versionId = apps.addVersion(app, recipeApp('Twice'));
      const first = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
      const requests = apps.fileRequests.length;

      const again = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });

      expect(again.build).toEqual(first.build);
      expect(apps.fileRequests).toHaveLength(requests);
      // a stranger learns nothing about it
      expect(await rpcFailure(rpc.request(DeploymentSubjects.build, { caller: bob, app_id: app.id, version_id: versionId }))).toMatchObject({
        status: 404,
      });
    });

    it('records build errors, keeps the preview it had, and lists the errors of the newest build', async () => {
      const app = apps.addApp('buildbad0001', alice.accountId);
      expect(await rpc.request(DeploymentSubjects.errors, { caller: alice, app_id: app.id })).toEqual({ recoverable: true, errors: [] });

      const good = apps.addVersion(app, recipeApp('Good'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: good });
      expect(await rpc.request(DeploymentSubjects.errors, { caller: alice, app_id: app.id })).toEqual({ recoverable: true, errors: [] });
      const goodBundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' });
      const lifecycleCalls = apps.lifecycle.length;

      const broken = apps.addVersion(app, recipeApp('Broken', { 'src/views/heading.ts': 'export function heading(): string {\n  return ;;(\n}\n' }));
      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });

      expect(build.status).toBe('failed');
      expect(build.errors.length).toBeGreaterThan(0);
      expect(build.errors[0]).toMatchObject({
        error_type: 'build_error',
        file: 'src/views/heading.ts',
        recoverable: true,
        fix_url: expect.stringMatching(/^https:\/\/appgen\.test\/account\/apps\/buildbad0001\/editor\?file=src%2Fviews%2Fheading\.ts&line=\d+$/),
      });
      expect(apps.lifecycle).toHaveLength(lifecycleCalls);

      const errors = await rpc.request(DeploymentSubjects.errors, { caller: alice, app_id: app.id });
      expect(errors).toEqual({ recoverable: true, errors: build.errors });
      // the preview still serves the last version that built
      expect(await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' })).toEqual(goodBundle);

      expect(await rpcFailure(rpc.request(DeploymentSubjects.errors, { caller: bob, app_id: app.id }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });
    });

    it('checks files without storing a build or touching the preview: the errors a build of them would have', async () => {
      const app = apps.addApp('buildcheck01', alice.accountId);
      const broken = recipeApp('Checked', { 'src/views/heading.ts': 'export function heading(): string {\n  return ;;\n' });

      const { errors } = await rpc.request(DeploymentSubjects.check, { app_id: app.id, files: broken });

      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ file: 'src/views/heading.ts', error_type: 'build_error', recoverable: true });
      expect(errors[0]?.message).toMatch(/^src\/views\/heading\.ts:3:/);
      expect(await rpc.request(DeploymentSubjects.check, { app_id: app.id, files: recipeApp('Checked') })).toEqual({ errors: [] });
      expect(app.preview_url).toBeNull();
      expect(await rpcFailure(rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' }))).toMatchObject({ status: 404 });
    });
  });
});
