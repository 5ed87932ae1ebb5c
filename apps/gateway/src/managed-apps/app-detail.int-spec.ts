import { AppsSubjects, UsersEvents, UsersSubjects } from '@appgen/contracts';
import { APP, notFound, startGatewayWithStandIns, URLS, type GatewayWithStandIns } from '../stand-in-services.testing';

/**
 * GET /managed_apps/:id keeps each app's users_count in memory, so a read asks apps-service only; the count
 * changes the moment users-service broadcasts that the app's users changed.
 */

const OTHER_APP = 'p9v8c7x6z5aa';

describe('gateway: the users_count of GET /managed_apps/:id', () => {
  let gateway: GatewayWithStandIns;
  /** What the stand-in users-service counts now, per app. */
  const users = new Map<string, number>();
  /** Run by the stand-in while it answers a count, before its reply leaves. */
  let whileCounting: () => void = () => undefined;

  const read = async (id = APP.id) => (await gateway.api().get(`/api/v1/managed_apps/${id}`).set(gateway.as('read_only')).expect(200)).body.app;
  const countsAsked = () => gateway.sent(UsersSubjects.countAppUsers).length;

  beforeAll(async () => {
    gateway = await startGatewayWithStandIns([AppsSubjects.get, UsersSubjects.countAppUsers]);
    gateway.answer(AppsSubjects.get, ({ id }) =>
      id === APP.id || id === OTHER_APP ? { response: { app: { ...APP, id: String(id), urls: URLS } } } : notFound(String(id)),
    );
    gateway.answer(UsersSubjects.countAppUsers, ({ app_ids }) => {
      whileCounting();
      const ids = app_ids as string[];
      return { response: { counts: Object.fromEntries(ids.map((id) => [id, users.get(id) ?? 0])) } };
    });
  }, 30_000);

  afterAll(() => gateway?.close());

  beforeEach(async () => {
    whileCounting = () => undefined;
    users.set(APP.id, 2).set(OTHER_APP, 5);
    // Every test starts from nothing kept: the broadcasts a change would send.
    await gateway.broadcast(UsersEvents.appUsersChanged, { app_id: APP.id });
    await gateway.broadcast(UsersEvents.appUsersChanged, { app_id: OTHER_APP });
    gateway.forget();
  });

  it('asks users-service once, then answers the same count from memory', async () => {
    expect(await read()).toEqual({ ...APP, users_count: 2, urls: URLS });
    expect(await read()).toEqual({ ...APP, users_count: 2, urls: URLS });
    expect(countsAsked()).toBe(1);
    expect(gateway.sent(AppsSubjects.get)).toHaveLength(2);
  });

  it("shows a change as soon as users-service has broadcast it, and only for that app's count", async () => {
    await read();
    await read(OTHER_APP);
    users.set(APP.id, 3).set(OTHER_APP, 6);
    await gateway.broadcast(UsersEvents.appUsersChanged, { app_id: APP.id });
    expect((await read()).users_count).toBe(3);
    // Nothing was said of the other app, whose count is as it was read.
    expect((await read(OTHER_APP)).users_count).toBe(5);
    expect(gateway.sent(UsersSubjects.countAppUsers)).toEqual([{ app_ids: [APP.id] }, { app_ids: [OTHER_APP] }, { app_ids: [APP.id] }]);
  });

  it('does not keep a count that a change overtook while it was being read', async () => {
    whileCounting = () => {
      whileCounting = () => undefined;
      // The change is broadcast while the count is on its way: the count answered may predate it.
      void gateway.broadcast(UsersEvents.appUsersChanged, { app_id: APP.id });
    };
    await read();
    users.set(APP.id, 4);
    expect((await read()).users_count).toBe(4);
    expect(countsAsked()).toBe(2);
  });

  it("asks nothing of users-service for an app that is not the caller's", async () => {
    const refused = await gateway.api().get('/api/v1/managed_apps/unknown00001').set(gateway.as('read_only')).expect(404);
    expect(refused.body).toEqual({ error: 'not_found', message: 'App unknown00001 was not found' });
    expect(countsAsked()).toBe(0);
  });

  it('ignores a broadcast that breaks its contract, and goes on hearing the next', async () => {
    await read();
    await gateway.broadcast(UsersEvents.appUsersChanged, { app_id: '' });
    users.set(APP.id, 7);
    expect((await read()).users_count).toBe(2);
    await gateway.broadcast(UsersEvents.appUsersChanged, { app_id: APP.id });
    expect((await read()).users_count).toBe(7);
  });
});
