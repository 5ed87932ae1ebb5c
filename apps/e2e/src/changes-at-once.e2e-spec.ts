import { adminAccount, api, closeBus, deployedApp, generatedApp, throughEdge as edge, type TestAccount } from './support';

/**
 * "Takes effect immediately" (the contract, on visibility), and the same for a file change, a deploy and a
 * delete: the first request to the edge after the API has answered sees the change. Each request is made right
 * after the answer, with no sleep, and each change is made many times in a row while the edge holds the app
 * in its caches (it was read just before).
 */
describe('changes apply at once', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'at-once');
  });
  afterAll(closeBus);

  const call = {
    get: (path: string) => api().get(`/api/v1${path}`).set('X-API-Key', owner.key),
    post: (path: string, body?: object) => api().post(`/api/v1${path}`).set('X-API-Key', owner.key).send(body),
    patch: (path: string, body: object) => api().patch(`/api/v1${path}`).set('X-API-Key', owner.key).send(body),
    delete: (path: string) => api().delete(`/api/v1${path}`).set('X-API-Key', owner.key),
  };
  const writeFile = (appId: string, path: string, content: string) =>
    call.post('/mcp/execute_tool', { tool: 'svc-write-file', app_id: appId, params: { path, content } }).expect(200);

  it('visibility: preview and production gate or open with the first request after PATCH', async () => {
    const { appId, previewUrl } = await generatedApp(owner.key, 'A packing list for trips with items and whether each is packed');
    const productionUrl = await deployedApp(owner.key, appId);
    for (let round = 0; round < 15; round += 1) {
      await edge(previewUrl).expect(200);
      await edge(productionUrl).expect(200);
      await call.patch(`/managed_apps/${appId}`, { visibility: 'login_required' }).expect(200);
      await edge(previewUrl).expect(401);
      await edge(productionUrl).expect(401);
      await call.patch(`/managed_apps/${appId}`, { visibility: 'public' }).expect(200);
      await edge(previewUrl).expect(200);
      await edge(productionUrl).expect(200);
    }
  });

  it('a file change reaches the preview with the answer, and a deploy reaches production once its status says deployed', async () => {
    const { appId, previewUrl } = await generatedApp(owner.key, 'A birthday list with names and dates');
    await writeFile(appId, 'public/marker.txt', 'round 0');
    let productionUrl = await deployedApp(owner.key, appId);
    for (let round = 1; round <= 5; round += 1) {
      expect((await edge(previewUrl, '/marker.txt').expect(200)).text).toBe(`round ${round - 1}`);
      expect((await edge(productionUrl, '/marker.txt').expect(200)).text).toBe(`round ${round - 1}`);
      await writeFile(appId, 'public/marker.txt', `round ${round}`);
      expect((await edge(previewUrl, '/marker.txt').expect(200)).text).toBe(`round ${round}`);
      // Production keeps what was deployed until the next deploy goes live.
      expect((await edge(productionUrl, '/marker.txt').expect(200)).text).toBe(`round ${round - 1}`);
      productionUrl = await deployedApp(owner.key, appId);
      expect((await edge(productionUrl, '/marker.txt').expect(200)).text).toBe(`round ${round}`);
    }
  });

  it('delete: both addresses stop serving the app with the first request after DELETE', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { appId, previewUrl } = await generatedApp(owner.key, `A reading list number ${round} with titles and authors`);
      const productionUrl = await deployedApp(owner.key, appId);
      await edge(previewUrl).expect(200);
      await edge(productionUrl).expect(200);
      await call.delete(`/managed_apps/${appId}`).expect(200);
      expect((await edge(previewUrl).set('Accept', 'application/json').expect(404)).body.error).toBe('not_found');
      await edge(productionUrl).expect(404);
    }
  });
});
