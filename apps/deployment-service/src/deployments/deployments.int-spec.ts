import { Client } from 'pg';
import { DeploymentSubjects, NOT_DEPLOYABLE_ERROR, type DomainEvent } from '@appgen/contracts';
import { readAllEvents, rpcFailure, waitForEvents } from '@appgen/testing';
import { recipeApp, database, stopService, connection, rpc, apps, alice, bob, startService, waitForDeployment, useDeploymentServiceUnderTest } from './deployment-service-under-test.testing';

describe('deployment-service over NATS', () => {
  useDeploymentServiceUnderTest();

  /** The heading the app's script at an address renders: what a visitor would see there now. */
  async function servedHeading(appId: string, environment: 'preview' | 'production'): Promise<string | undefined> {
    const bundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: appId, environment });
    const script = await rpc.request(DeploymentSubjects.bundleFile, { build_id: bundle.build_id, path: 'assets/app.js' });
    return /<h1>[^<]*<\/h1>/.exec(script.content)?.[0];
  }

  describe('deployments', () => {
    it('refuses a draft with the contract body and queues nothing', async () => {
      const app = apps.addApp('draftapp0001', alice.accountId, 'draft');

      const refusal = await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id }));

      expect(refusal.status).toBe(422);
      expect(refusal.body).toEqual({
        error: NOT_DEPLOYABLE_ERROR,
        message: refusal.body['reason'],
        reason: expect.stringContaining('draft'),
        recoverable: true,
        suggested_action: expect.stringContaining('POST /api/v1/generation_queue'),
        fix_url: 'https://appgen.test/account/apps/draftapp0001/editor',
      });
      expect(await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).toEqual({ deployment: null });
    });

    it('refuses an app whose newest version did not build, pointing at its errors', async () => {
      const app = apps.addApp('failedapp001', alice.accountId, 'failed');
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: apps.addVersion(app, recipeApp('Ok')) });
      const broken = apps.addVersion(app, recipeApp('Broken', { 'src/main.ts': 'import { nothing } from "./nowhere";\nconsole.log(nothing);\n' }));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });

      const refusal = await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id }));

      expect(refusal).toEqual({
        status: 422,
        body: {
          error: 'App is not deployable',
          message: expect.any(String),
          reason: expect.stringContaining('failed to build'),
          recoverable: true,
          suggested_action: `Generate the app with POST /api/v1/generation_queue, or fix the build errors listed at GET /api/v1/managed_apps/${app.id}/errors, then deploy again.`,
          fix_url: `https://appgen.test/account/apps/${app.id}/editor`,
        },
      });
      expect(await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).toEqual({ deployment: null });
      const versionUnbuilt = apps.addApp('unbuilt00001', alice.accountId, 'generated');
      apps.addVersion(versionUnbuilt, recipeApp('Never built'));
      expect(await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: versionUnbuilt.id }))).toMatchObject({
        status: 422,
        body: { error: NOT_DEPLOYABLE_ERROR, reason: expect.stringContaining('has not been built') },
      });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: bob, app_id: app.id }))).toMatchObject({ status: 404 });
    });

    it('deploys: pending → deployed, events through the outbox, app published, production serves the build', async () => {
      const app = apps.addApp('deployok0001', alice.accountId, 'generated');
      const versionId = apps.addVersion(app, recipeApp('Deployed'));
      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });

      const queued = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });

      expect(queued).toEqual({
        deployment_id: expect.any(Number),
        status: 'queued',
        message: expect.any(String),
        production_url: 'http://deployok0001.apps.test:8080',
      });
      await waitForDeployment(app.id, 'deployed');
      const { deployment } = await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id });
      expect(deployment).toEqual({
        id: queued.deployment_id,
        environment: 'production',
        status: 'deployed',
        deployed_at: expect.any(String),
        version_id: versionId,
      });

      expect(app.status).toBe('published');
      expect(app.production_url).toBe('http://deployok0001.apps.test:8080');
      expect(Date.parse(app.published_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(apps.lifecycle.filter((call) => call.id === app.id).at(-1)?.accountId).toBe(alice.accountId);

      const events = await waitForEvents(connection, (all) =>
        all.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'),
      );
      const mine = events.filter((event: DomainEvent) => event.app_id === app.id);
      expect(mine.map((event) => [event.event, event.data])).toEqual([
        [
          'app.deployment.started',
          { deployment_id: queued.deployment_id, environment: 'production', status: 'building', production_url: queued.production_url },
        ],
        [
          'app.deployment.completed',
          { deployment_id: queued.deployment_id, environment: 'production', status: 'deployed', production_url: queued.production_url },
        ],
      ]);
      expect(mine.every((event) => event.account_id === alice.accountId)).toBe(true);

      const production = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' });
      expect(production.build_id).toBe(build.id);
      expect(await rpcFailure(rpc.request(DeploymentSubjects.latest, { caller: bob, app_id: app.id }))).toMatchObject({ status: 404 });
    });

    it('rolls back by restoring an earlier version as a new one, which the preview and production serve when it answers', async () => {
      const app = apps.addApp('rollback0001', alice.accountId, 'generated');
      const v1 = apps.addVersion(app, recipeApp('First'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: v1 });
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForDeployment(app.id, 'deployed');
      const v2 = apps.addVersion(app, recipeApp('Second'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: v2 });
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForDeployment(app.id, 'deployed');

      const rolledBack = await rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id });

      const v3 = app.versions[2];
      expect(v3).toMatchObject({ number: 3, source: 'rollback', summary: 'Restored version 1' });
      expect(rolledBack).toEqual({ message: 'Restored version 1 as version 3: the preview and production serve it', version_id: v3?.id });
      // No waiting: both addresses serve the restored files as soon as the answer is there.
      expect(await servedHeading(app.id, 'production')).toBe('<h1>First</h1>');
      expect(await servedHeading(app.id, 'preview')).toBe('<h1>First</h1>');
      expect((await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).deployment).toMatchObject({
        status: 'deployed',
        version_id: v3?.id,
      });

      // forward again to a given version
      const forward = await rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id, version_id: v2 });
      expect(forward).toEqual({ message: 'Restored version 2 as version 4: the preview and production serve it', version_id: app.versions[3]?.id });
      expect(await servedHeading(app.id, 'production')).toBe('<h1>Second</h1>');
      expect(await servedHeading(app.id, 'preview')).toBe('<h1>Second</h1>');
    });

    it('refuses a version that does not build, one of another app, a stranger and an app with nothing earlier, changing nothing', async () => {
      const app = apps.addApp('rollback0002', alice.accountId, 'generated');
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: apps.addVersion(app, recipeApp('Good')) });
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForDeployment(app.id, 'deployed');
      const broken = apps.addVersion(app, recipeApp('Broken', { 'index.html': '<p>no script</p>' }));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });
      const fixed = apps.addVersion(app, recipeApp('Fixed'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: fixed });
      const production = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' });

      // The default is the version before the newest: the broken one.
      for (const body of [{}, { version_id: broken }]) {
        expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id, ...body }))).toEqual({
          status: 422,
          body: {
            error: 'validation_failed',
            message: `The version with id ${broken} did not build, so it cannot be restored; nothing was changed`,
            errors: [{ field: 'version_id', message: `must name a version that built; version id ${broken} failed to build` }],
          },
        });
      }
      const other = apps.addApp('rollback0003', alice.accountId, 'generated');
      const otherVersion = apps.addVersion(other, recipeApp('Other'));
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id, version_id: otherVersion }))).toMatchObject({
        status: 404,
      });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id, version_id: 999_999 }))).toMatchObject({
        status: 404,
      });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: bob, app_id: app.id }))).toMatchObject({ status: 404 });
      expect(app.versions).toHaveLength(3);
      expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).build_id).toBe(production.build_id);

      const once = apps.addApp('rollback0004', alice.accountId, 'generated');
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: once.id, version_id: apps.addVersion(once, recipeApp('Only')) });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: once.id }))).toMatchObject({
        status: 422,
        body: { error: 'validation_failed', errors: [{ field: 'version_id', message: expect.any(String) }] },
      });
      expect(once.versions).toHaveLength(1);
    });

    it('rolls back an app never deployed in its preview only', async () => {
      const app = apps.addApp('rollback0005', alice.accountId, 'generated');
      const v1 = apps.addVersion(app, recipeApp('Draft one'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: v1 });
      const v2 = apps.addVersion(app, recipeApp('Draft two'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: v2 });

      expect(await rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id })).toEqual({
        message: 'Restored version 1 as version 3: the preview serves it',
        version_id: app.versions[2]?.id,
      });
      expect(await servedHeading(app.id, 'preview')).toBe('<h1>Draft one</h1>');
      expect(await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).toEqual({ deployment: null });
      expect(app.status).toBe('generated');
    });

    it("tells how each version built and which ones the preview and production serve", async () => {
      const app = apps.addApp('versions0001', alice.accountId, 'generated');
      const deployed = apps.addVersion(app, recipeApp('Deployed'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: deployed });
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForDeployment(app.id, 'deployed');
      const previewed = apps.addVersion(app, recipeApp('Previewed'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: previewed });
      const broken = apps.addVersion(app, recipeApp('Broken', { 'index.html': '<p>no script</p>' }));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });
      const unbuilt = apps.addVersion(app, recipeApp('Unbuilt'));

      const asked = [unbuilt, broken, previewed, deployed];
      expect(await rpc.request(DeploymentSubjects.ofVersions, { caller: alice, app_id: app.id, version_ids: asked })).toEqual({
        versions: [
          { version_id: unbuilt, build_status: 'not_built', live: { preview: false, production: false } },
          { version_id: broken, build_status: 'failed', live: { preview: false, production: false } },
          { version_id: previewed, build_status: 'succeeded', live: { preview: true, production: false } },
          { version_id: deployed, build_status: 'succeeded', live: { preview: false, production: true } },
        ],
      });
      expect(await rpc.request(DeploymentSubjects.ofVersions, { caller: alice, app_id: app.id, version_ids: [] })).toEqual({ versions: [] });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.ofVersions, { caller: bob, app_id: app.id, version_ids: asked }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });
    });

    it('resumes a deployment its worker left half done when the service restarts', async () => {
      const app = apps.addApp('resumed00001', alice.accountId, 'generated');
      const versionId = apps.addVersion(app, recipeApp('Resumed'));
      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
      await stopService();

      // what a worker killed between two steps leaves behind
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO deployment.deployments (app_id, account_id, build_id, version_id, status, caller, heartbeat_at)
         VALUES ($1, $2, $3, $4, 'deploying', $5::jsonb, now() - interval '1 hour') RETURNING id`,
        [app.id, alice.accountId, build.id, versionId, JSON.stringify(alice)],
      );
      await client.end();
      const stuckId = inserted.rows[0]?.id;

      await startService();
      await waitForDeployment(app.id, 'deployed');

      expect(app.status).toBe('published');
      const events = await waitForEvents(connection, (all) =>
        all.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'),
      );
      expect(events.filter((event) => event.app_id === app.id).map((event) => [event.event, event.data])).toEqual([
        ['app.deployment.completed', { deployment_id: stuckId, environment: 'production', status: 'deployed', production_url: app.production_url }],
      ]);
      expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).build_id).toBe(build.id);
    });

    it('fails a deployment visibly when the app cannot be published', async () => {
      const app = apps.addApp('vanished0001', alice.accountId, 'generated');
      const versionId = apps.addVersion(app, recipeApp('Vanishing'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
      // deleted right after the deploy was accepted: apps-service answers 404 to the worker
      apps.vanishing.add(app.id);
      const queued = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });

      const events = await waitForEvents(connection, (all) =>
        all.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'),
      );
      expect(events.filter((event) => event.app_id === app.id).map((event) => event.data)).toEqual([
        { deployment_id: queued.deployment_id, environment: 'production', status: 'building', production_url: queued.production_url },
        { deployment_id: queued.deployment_id, environment: 'production', status: 'failed', production_url: null },
      ]);
      expect(await rpcFailure(rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' }))).toMatchObject({
        status: 404,
      });
      expect(await readAllEvents(connection)).not.toHaveLength(0);
    });
  });
});
