import { setTimeout as sleep } from 'node:timers/promises';
import { AppsSubjects, UsersSubjects } from '@appgen/contracts';
import type { ApiKeyScope } from '@appgen/contracts';
import { APP, callerOf, KEYS, startGatewayWithStandIns, type GatewayWithStandIns, type Handler, type Reply } from '../stand-in-services.testing';
import { secretHash } from './credential-resolver.service';
import { REFRESH_AFTER_SHARES } from './refresh-ahead-cache';

/**
 * A key in use is looked up again before its cached caller expires, while requests go on being answered from the
 * cache: no request waits for users-service once a key is known, and a refresh that users-service refuses ends the
 * key's access at once.
 */

const TTL_MS = 4_000;
/** when every cached caller is due for a refresh, wherever its own point fell */
const REFRESH_AT_MS = TTL_MS * REFRESH_AFTER_SHARES.latest;
const FILES = `/api/v1/managed_apps/${APP.id}/files`;

describe('gateway: cached credentials refreshed ahead of expiry', () => {
  let gateway: GatewayWithStandIns;
  let resolve: Handler;
  /** users-service's answer for a key it knows, of this scope */
  const known = (scope: ApiKeyScope): Reply => ({ response: { caller: callerOf(scope), expires_at: null } });

  beforeAll(async () => {
    gateway = await startGatewayWithStandIns([AppsSubjects.listFiles], { AUTH_CACHE_TTL_MS: String(TTL_MS) });
    gateway.answer(AppsSubjects.listFiles, ({ id }) => ({ response: { app_id: id, files: [], count: 0 } }));
  }, 30_000);

  afterAll(() => gateway?.close());

  beforeEach(() => {
    gateway.answer(UsersSubjects.resolveApiKey, (data) => resolve(data));
    gateway.forget();
  });

  /** users-service's lookups of the key of this scope since the test began */
  const lookupsOf = (scope: ApiKeyScope) => gateway.sent(UsersSubjects.resolveApiKey).filter((data) => data['secret_hash'] === secretHash(KEYS[scope])).length;

  it('answers from the cache while the refresh is under way, and the refresh keeps the key known past the first expiry', async () => {
    resolve = () => known('read_only');
    const started = Date.now();
    await gateway.api().get(FILES).set(gateway.as('read_only')).expect(200);
    expect(lookupsOf('read_only')).toBe(1);

    // users-service holds its answer until told: a request that waited for it would not finish
    let release: (reply: Reply) => void = () => undefined;
    resolve = () => new Promise<Reply>((settle) => (release = settle));
    await sleep(Math.max(0, started + REFRESH_AT_MS + 50 - Date.now()));
    await gateway.api().get(FILES).set(gateway.as('read_only')).expect(200);
    expect(lookupsOf('read_only')).toBe(2);

    release(known('read_only'));
    resolve = () => known('read_only');
    // past the first lookup's expiry, the refreshed caller answers without a third lookup
    await sleep(Math.max(0, started + TTL_MS + 100 - Date.now()));
    await gateway.api().get(FILES).set(gateway.as('read_only')).expect(200);
    expect(lookupsOf('read_only')).toBe(2);
  });

  it('refreshes a key used since its lookup before it expires, though no request comes in its last stretch', async () => {
    resolve = () => known('full_access');
    const started = Date.now();
    await gateway.api().get(FILES).set(gateway.as('full_access')).expect(200);
    await gateway.api().get(FILES).set(gateway.as('full_access')).expect(200);
    expect(lookupsOf('full_access')).toBe(1);
    // quiet until just before the first lookup's expiry: users-service was asked again all the same
    await sleep(Math.max(0, started + TTL_MS - 100 - Date.now()));
    expect(lookupsOf('full_access')).toBe(2);
    await sleep(Math.max(0, started + TTL_MS + 100 - Date.now()));
    await gateway.api().get(FILES).set(gateway.as('full_access')).expect(200);
    expect(lookupsOf('full_access')).toBe(2);
  });

  it('refuses a key once a refresh hears it was revoked, though no broadcast said so', async () => {
    resolve = () => known('read_write');
    const started = Date.now();
    await gateway.api().get(FILES).set(gateway.as('read_write')).expect(200);
    resolve = () => ({ err: { status: 401, body: { error: 'unauthorized', message: 'This API key was revoked' } } });
    await sleep(Math.max(0, started + REFRESH_AT_MS + 50 - Date.now()));
    // answered from the cache while users-service is asked; what it says decides the next request
    await gateway.api().get(FILES).set(gateway.as('read_write')).expect(200);
    let refused = await gateway.api().get(FILES).set(gateway.as('read_write'));
    for (let tries = 0; refused.status === 200 && tries < 20; tries += 1) {
      await sleep(20);
      refused = await gateway.api().get(FILES).set(gateway.as('read_write'));
    }
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'unauthorized', message: 'This API key was revoked' });
    // (before the cached caller would have expired on its own)
    expect(Date.now()).toBeLessThan(started + TTL_MS);
  });
});
