import { DeploymentSubjects, EdgeEvents } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { JSONCodec, type Subscription } from 'nats';
import { alice, apps, bob, connection, recipeApp, rpc, useDeploymentServiceUnderTest, waitForDeployment } from '../deployments/deployment-service-under-test.testing';

/** A version whose page shows the app's PUBLIC_GREETING, as a generated app would read it. */
const GREETING_APP = recipeApp('Greeting', {
  'src/views/heading.ts': 'export function heading(): string {\n  return `<h1>${import.meta.env.PUBLIC_GREETING}</h1>`;\n}\n',
});

describe('deployment-service: builds with the app’s public env vars', () => {
  useDeploymentServiceUnderTest();

  let announced: string[] = [];
  let subscription: Subscription;
  beforeAll(() => {
    subscription = connection.subscribe(EdgeEvents.appChanged, {
      callback: (_error, message) => announced.push(JSONCodec<{ data: { app_id: string } }>().decode(message.data).data.app_id),
    });
  });
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    announced = [];
  });

  async function previewScript(appId: string): Promise<{ buildId: number; script: string }> {
    const { build_id: buildId } = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: appId, environment: 'preview' });
    const { content } = await rpc.request(DeploymentSubjects.bundleFile, { build_id: buildId, path: 'assets/app.js' });
    return { buildId, script: content };
  }

  /** The edge hears of the change: the announcement reaches the server before the answer, and subscribers at once after. */
  async function heard(appId: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!announced.includes(appId)) {
      if (Date.now() > deadline) throw new Error(`no ${EdgeEvents.appChanged} for ${appId}`);
      await connection.flush();
    }
  }

  it('compiles the values in, builds the version again as the newest preview when one changes, and answers a repeat from the store', async () => {
    const app = apps.addApp('envbuild0001', alice.accountId);
    const versionId = apps.addVersion(app, GREETING_APP);
    app.publicEnv = { PUBLIC_GREETING: 'Hello' };

    const first = (await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId })).build;
    expect(first.status).toBe('succeeded');
    expect(await previewScript(app.id)).toEqual({ buildId: first.id, script: expect.stringContaining('Hello') });
    await heard(app.id);

    // The same values again: the stored build, nothing fetched or built.
    const requests = apps.fileRequests.length;
    expect((await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId })).build).toEqual(first);
    expect(apps.fileRequests).toHaveLength(requests);

    // A changed value: the same version built again, served as the preview.
    app.publicEnv = { PUBLIC_GREETING: 'Goodbye' };
    announced = [];
    const second = (await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId })).build;
    expect(second).toMatchObject({ version_id: versionId, status: 'succeeded' });
    expect(second.id).toBeGreaterThan(first.id);
    const preview = await previewScript(app.id);
    expect(preview).toEqual({ buildId: second.id, script: expect.stringContaining('Goodbye') });
    expect(preview.script).not.toContain('Hello');
    await heard(app.id);

    // Back to the first value: built again (the first build is not the newest any more), and it is the preview.
    app.publicEnv = { PUBLIC_GREETING: 'Hello' };
    const third = (await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId })).build;
    expect(third.id).toBeGreaterThan(second.id);
    expect(await previewScript(app.id)).toEqual({ buildId: third.id, script: expect.stringContaining('Hello') });
    expect((await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId })).build).toEqual(third);

    // A stranger learns nothing, whatever the values.
    expect(await rpcFailure(rpc.request(DeploymentSubjects.build, { caller: bob, app_id: app.id, version_id: versionId }))).toMatchObject({ status: 404 });
  });

  it('keeps production on its deployed build until the next deploy, which takes the build with the new values', async () => {
    const app = apps.addApp('envdeploy001', alice.accountId);
    const versionId = apps.addVersion(app, GREETING_APP);
    app.publicEnv = { PUBLIC_GREETING: 'Version one' };
    await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
    await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
    await waitForDeployment(app.id, 'deployed');
    const production = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' });

    app.publicEnv = { PUBLIC_GREETING: 'Version two' };
    const rebuilt = (await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId })).build;
    expect((await previewScript(app.id)).script).toContain('Version two');
    // Like Vercel: what production serves changes only with a deploy.
    expect(await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).toEqual(production);

    const { deployment_id: redeploy } = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
    await waitForDeployment(app.id, 'deployed');
    expect((await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).deployment?.id).toBe(redeploy);
    expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).build_id).toBe(rebuilt.id);
  });
});
