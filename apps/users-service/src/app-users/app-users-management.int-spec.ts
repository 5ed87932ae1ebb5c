import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import type { Client } from 'pg';
import {
  effectiveTier,
  AppsSubjects,
  EdgeEvents,
  UsersEvents,
  UsersSubjects,
  type Caller,
  type DomainEvent,
  type GrantAccessRequest,
  type ListAppUsersRequest,
} from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import { readAllEvents, rpcFailure, testCaller, waitForEvents, waitForMail } from '@appgen/testing';
import { startUsersServiceUnderTest, type UsersServiceUnderTest } from '../users-service-under-test.testing';

jest.setTimeout(30_000);

const sha256 = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const codec = JSONCodec<unknown>();

let users: UsersServiceUnderTest;
let connection: NatsConnection;
let rpc: RpcClient;
let sql: Client;
let mailDir: string;
let owner: Caller;
let stranger: Caller;
/** Every app id the edges were told changed, in order. */
const announced: string[] = [];
/** Every app id the gateways were told gained or lost a user, in order. */
const usersChanged: string[] = [];
const seenMail = new Set<string>();

const RECIPES = 'recipes00001';
const GARDEN = 'garden000002';
/** The stranger's app. */
const FOREIGN = 'foreign00003';

/** apps-service, as far as users-service asks it: which account each app belongs to. */
const appOwners = new Map<string, number>();

function standInForAppsService(): void {
  connection.subscribe(AppsSubjects.get, {
    callback: (_error, message) => {
      const { id: requestId, data } = codec.decode(message.data) as { id: string; data: { caller: Caller; id: string } };
      const reply =
        appOwners.get(data.id) === data.caller.accountId
          ? { response: { app: { id: data.id } } }
          : { err: { status: 404, body: { error: 'not_found', message: `App ${data.id} was not found` } } };
      message.respond(codec.encode({ id: requestId, ...reply, isDisposed: true }));
    },
  });
}

function grant(body: Record<string, unknown>, caller: Caller = owner) {
  // Bodies the schema refuses are sent as they are, as any caller on the bus could.
  return rpc.request(UsersSubjects.grantAppUserAccess, { caller, ...body } as GrantAccessRequest);
}

function list(query: Record<string, unknown> = {}, caller: Caller = owner) {
  return rpc.request(UsersSubjects.listAppUsers, { caller, page: 1, per_page: 25, ...query } as ListAppUsersRequest);
}

async function signIn(email: string, appId = RECIPES) {
  await rpc.request(UsersSubjects.appUserRequestCode, { app_id: appId, account_id: owner.accountId, app_name: 'Recipe Box', email });
  const mail = await waitForMail(mailDir, email, { seen: seenMail });
  seenMail.add(mail.file);
  const code = /(\d{6})$/.exec(mail.subject)?.[1] ?? '';
  return rpc.request(UsersSubjects.appUserVerifyCode, { app_id: appId, account_id: owner.accountId, email, code });
}

async function eventsOf(kind: DomainEvent['event'], email: string): Promise<DomainEvent[]> {
  return (await readAllEvents(connection)).filter((e) => e.event === kind && JSON.stringify(e.data).includes(`"${email}"`));
}

/** Polls `read` until it returns something other than undefined. */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  users = await startUsersServiceUnderTest('appgen_app_users_mgmt');
  ({ rpc, sql, mailDir, connection } = users);
  const first = await rpc.request(UsersSubjects.createAccount, { email: 'owner@example.com' });
  const second = await rpc.request(UsersSubjects.createAccount, { email: 'stranger@example.com' });
  owner = testCaller(first.account.id, { email: 'owner@example.com' });
  stranger = testCaller(second.account.id, { email: 'stranger@example.com' });
  appOwners.set(RECIPES, owner.accountId).set(GARDEN, owner.accountId).set(FOREIGN, stranger.accountId);
  standInForAppsService();
  connection.subscribe(EdgeEvents.appChanged, {
    callback: (_error, message) => announced.push((codec.decode(message.data) as { data: { app_id: string } }).data.app_id),
  });
  connection.subscribe(UsersEvents.appUsersChanged, {
    callback: (_error, message) => usersChanged.push((codec.decode(message.data) as { data: { app_id: string } }).data.app_id),
  });
  await connection.flush();
});

afterAll(() => users?.close());

describe('granting access', () => {
  it('creates a user who has not signed in yet, with the defaults, announces the change and emits access_granted', async () => {
    announced.length = 0;
    usersChanged.length = 0;
    const granted = await grant({ app_id: RECIPES, email: '  Guest@Example.com ' });
    // The edges and the gateways hear of it before the answer: the next request to the app, and the next
    // users_count, see the new user.
    expect(announced).toEqual([RECIPES]);
    expect(usersChanged).toEqual([RECIPES]);
    expect(granted).toEqual({
      app_user: {
        id: expect.any(Number),
        app_id: RECIPES,
        email: 'guest@example.com',
        access_tier: 'free',
        tier_granted_at: expect.any(String),
        tier_expires_at: null,
      },
      message: `guest@example.com has free access to app ${RECIPES}.`,
    });
    const listed = await list({ email: 'guest@' });
    expect(listed.app_users).toEqual([
      { ...granted.app_user, revoked: false, first_accessed_at: null, last_accessed_at: null, access_count: 0 },
    ]);

    const events = await waitForEvents(connection, (all) => all.some((e) => e.event === 'app.user.access_granted'));
    expect(events.filter((e) => e.event === 'app.user.access_granted')).toEqual([
      expect.objectContaining({
        account_id: owner.accountId,
        app_id: RECIPES,
        data: { app_user: { id: granted.app_user.id, app_id: RECIPES, email: 'guest@example.com', access_tier: 'free' } },
      }),
    ]);
  });

  it('refuses what is not a grant with 422 naming the field', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [{ app_id: RECIPES, email: 'not-an-address' }, { field: 'email', message: 'must be a valid e-mail address' }],
      [{ app_id: RECIPES, email: 'a@example.com', tier: 'gold' }, { field: 'tier', message: expect.stringContaining('free') }],
      [{ app_id: RECIPES, email: 'a@example.com', expires_at: past }, { field: 'expires_at', message: 'must be in the future' }],
      [{ app_id: RECIPES, email: 'a@example.com', expires_at: 'next week' }, { field: 'expires_at', message: 'must be an ISO 8601 timestamp' }],
      [{ app_id: RECIPES, email: 'a@example.com', role: 'admin' }, { field: 'role', message: expect.any(String) }],
    ];
    for (const [body, error] of cases) {
      const refused = await rpcFailure(grant(body));
      expect({ body, status: refused.status, errors: refused.body.errors }).toEqual({ body, status: 422, errors: [error] });
    }
    expect((await list({ email: 'a@example.com' })).app_users).toEqual([]);
  });

  it("answers 404 for another account's app or an unknown one, and grants nothing", async () => {
    for (const appId of [FOREIGN, 'unknown00009']) {
      expect(await rpcFailure(grant({ app_id: appId, email: 'sneaky@example.com' }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: `App ${appId} was not found` },
      });
    }
    expect(await sql.query("SELECT 1 FROM app_users WHERE email = 'sneaky@example.com'")).toMatchObject({ rowCount: 0 });
  });

  it('changes the tier and expiry of an existing user, keeping the record and its accesses', async () => {
    const session = await signIn('regular@example.com');
    const before = session.app_user;
    expect(before).toMatchObject({ access_tier: 'free', access_count: 1, first_accessed_at: expect.any(String) });

    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const upgraded = await grant({ app_id: RECIPES, email: 'Regular@example.com', tier: 'pro', expires_at: expiresAt });
    expect(upgraded.app_user).toEqual({
      id: before.id,
      app_id: RECIPES,
      email: 'regular@example.com',
      access_tier: 'pro',
      tier_granted_at: expect.any(String),
      tier_expires_at: expiresAt,
    });
    expect(Date.parse(upgraded.app_user.tier_granted_at)).toBeGreaterThan(Date.parse(before.tier_granted_at));
    const [listed] = (await list({ email: 'regular@' })).app_users;
    expect(listed).toMatchObject({ access_tier: 'pro', tier_expires_at: expiresAt, access_count: 1, first_accessed_at: before.first_accessed_at });

    // The signed-in session sees the new tier at once.
    const resolved = await rpc.request(UsersSubjects.appUserResolveSession, { app_id: RECIPES, session_hash: sha256(session.session_token) });
    expect(resolved).toMatchObject({ app_user: { access_tier: 'pro' } });
    expect(effectiveTier(resolved.app_user)).toBe('pro');

    // A grant without expires_at makes the tier permanent.
    const permanent = await grant({ app_id: RECIPES, email: 'regular@example.com', tier: 'premium' });
    expect(permanent.app_user).toMatchObject({ id: before.id, access_tier: 'premium', tier_expires_at: null });
  });

  it('serves free once the granted tier has expired, while the record keeps the tier as granted', async () => {
    const session = await signIn('lapsed@example.com');
    await grant({ app_id: RECIPES, email: 'lapsed@example.com', tier: 'enterprise', expires_at: new Date(Date.now() + 60_000).toISOString() });
    const request = { app_id: RECIPES, session_hash: sha256(session.session_token) };
    expect(effectiveTier((await rpc.request(UsersSubjects.appUserResolveSession, request)).app_user)).toBe('enterprise');

    await sql.query("UPDATE app_users SET tier_expires_at = now() - interval '1 second' WHERE email = 'lapsed@example.com'");
    const resolved = await rpc.request(UsersSubjects.appUserResolveSession, request);
    expect(effectiveTier(resolved.app_user)).toBe('free');
    expect(resolved.app_user.access_tier).toBe('enterprise');
  });
});

describe('listing', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    ids = {};
    for (const [email, appId, tier] of [
      ['list-a@example.com', GARDEN, 'basic'],
      ['list-b@example.com', GARDEN, 'pro'],
      ['LIST-C@example.com', GARDEN, 'basic'],
    ] as const) {
      ids[email.toLowerCase()] = (await grant({ app_id: appId, email, tier })).app_user.id;
    }
    await grant({ app_id: FOREIGN, email: 'list-d@example.com' }, stranger);
  });

  it("shows only the account's users, newest first, filtered by app, tier and part of the e-mail", async () => {
    const garden = await list({ app_id: GARDEN });
    expect(garden.app_users.map((u) => u.email)).toEqual(['list-c@example.com', 'list-b@example.com', 'list-a@example.com']);
    expect(garden.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3, per_page: 25 });

    expect((await list({ app_id: GARDEN, tier: 'basic' })).app_users.map((u) => u.id)).toEqual([ids['list-c@example.com'], ids['list-a@example.com']]);
    expect((await list({ email: 'LIST-' })).app_users.map((u) => u.email)).toEqual(['list-c@example.com', 'list-b@example.com', 'list-a@example.com']);
    // % and _ are characters to look for, not patterns.
    expect((await list({ email: 'list%' })).app_users).toEqual([]);

    const all = await list();
    expect(all.app_users.every((u) => u.app_id !== FOREIGN)).toBe(true);
    expect((await list({}, stranger)).app_users.map((u) => u.email)).toEqual(['list-d@example.com']);
  });

  it('pages', async () => {
    const first = await list({ app_id: GARDEN, per_page: 2 });
    const second = await list({ app_id: GARDEN, per_page: 2, page: 2 });
    expect(first.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 3, per_page: 2 });
    expect([...first.app_users, ...second.app_users].map((u) => u.email)).toEqual(['list-c@example.com', 'list-b@example.com', 'list-a@example.com']);
    expect(second.meta.current_page).toBe(2);
  });

  it("answers 404 for another account's app, and 422 for a tier that does not exist", async () => {
    expect((await rpcFailure(list({ app_id: FOREIGN }))).status).toBe(404);
    expect((await rpcFailure(list({ app_id: GARDEN }, stranger))).status).toBe(404);
    const refused = await rpcFailure(list({ tier: 'gold' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ field: 'tier', message: expect.any(String) }]);
  });
});

describe('revoking', () => {
  it('signs the user out at once, stops sign-in, emits access_revoked once, and repeats harmlessly', async () => {
    const session = await signIn('leaving@example.com');
    const pendingCode = await rpc.request(UsersSubjects.appUserRequestCode, {
      app_id: RECIPES,
      account_id: owner.accountId,
      app_name: 'Recipe Box',
      email: 'leaving@example.com',
    });
    expect(pendingCode.message).toContain('leaving@example.com');
    const mail = await waitForMail(mailDir, 'leaving@example.com', { seen: seenMail });
    seenMail.add(mail.file);
    const code = /(\d{6})$/.exec(mail.subject)?.[1] ?? '';

    announced.length = 0;
    usersChanged.length = 0;
    const revoked = await rpc.request(UsersSubjects.revokeAppUser, { caller: owner, id: session.app_user.id });
    expect(announced).toEqual([RECIPES]);
    expect(usersChanged).toEqual([RECIPES]);
    expect(revoked).toEqual({
      app_user: {
        id: session.app_user.id,
        app_id: RECIPES,
        email: 'leaving@example.com',
        access_tier: 'free',
        revoked: true,
        revoked_at: expect.any(String),
      },
      message: expect.stringContaining('signed out now'),
    });

    const request = { app_id: RECIPES, session_hash: sha256(session.session_token) };
    expect((await rpcFailure(rpc.request(UsersSubjects.appUserResolveSession, request))).status).toBe(401);
    expect(await sql.query('SELECT 1 FROM app_user_sessions WHERE app_user_id = $1', [session.app_user.id])).toMatchObject({ rowCount: 0 });
    // Neither the code mailed before the revocation nor a new one lets them in.
    expect((await rpcFailure(rpc.request(UsersSubjects.appUserVerifyCode, { app_id: RECIPES, account_id: owner.accountId, email: 'leaving@example.com', code }))).status).toBe(401);
    expect(
      (await rpcFailure(rpc.request(UsersSubjects.appUserRequestCode, { app_id: RECIPES, account_id: owner.accountId, app_name: 'Recipe Box', email: 'leaving@example.com' })))
        .status,
    ).toBe(403);

    const again = await rpc.request(UsersSubjects.revokeAppUser, { caller: owner, id: session.app_user.id });
    expect(again.app_user).toEqual(revoked.app_user);
    expect(again.message).toContain('already revoked');
    const written = await sql.query(
      "SELECT 1 FROM outbox WHERE kind = 'app.user.access_revoked' AND (envelope->'data'->'app_user'->>'id')::int = $1",
      [session.app_user.id],
    );
    expect(written.rowCount).toBe(1);

    await waitForEvents(connection, (all) => all.some((e) => e.event === 'app.user.access_revoked' && JSON.stringify(e.data).includes('leaving@')));
    const events = await eventsOf('app.user.access_revoked', 'leaving@example.com');
    expect(events).toEqual([
      expect.objectContaining({
        account_id: owner.accountId,
        app_id: RECIPES,
        data: { app_user: { id: session.app_user.id, app_id: RECIPES, email: 'leaving@example.com', access_tier: 'free' } },
      }),
    ]);
    const listed = (await list({ email: 'leaving@' })).app_users[0];
    expect(listed).toMatchObject({ revoked: true, revoked_at: revoked.app_user.revoked_at });
  });

  it('lets a revoked user back in once granted again', async () => {
    const session = await signIn('returning@example.com');
    await rpc.request(UsersSubjects.revokeAppUser, { caller: owner, id: session.app_user.id });
    const regranted = await grant({ app_id: RECIPES, email: 'returning@example.com', tier: 'basic' });
    expect(regranted.app_user.id).toBe(session.app_user.id);
    const [listed] = (await list({ email: 'returning@' })).app_users;
    expect(listed).toMatchObject({ revoked: false, access_tier: 'basic' });
    expect(listed).not.toHaveProperty('revoked_at');
    const back = await signIn('returning@example.com');
    expect(back.app_user).toMatchObject({ id: session.app_user.id, access_count: 2 });
  });

  it("answers 404 for another account's user and for an unknown id, changing nothing", async () => {
    const foreign = (await list({}, stranger)).app_users[0];
    if (!foreign) throw new Error('the stranger has no app user');
    for (const id of [foreign.id, 2_000_000_000]) {
      expect(await rpcFailure(rpc.request(UsersSubjects.revokeAppUser, { caller: owner, id }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: `App user ${id} was not found` },
      });
    }
    expect((await list({}, stranger)).app_users[0]?.revoked).toBe(false);
  });
});

describe('counting', () => {
  it('counts the users of each app who are not revoked, 0 for an app without any', async () => {
    const counted = await rpc.request(UsersSubjects.countAppUsers, { app_ids: [RECIPES, GARDEN, FOREIGN, 'empty0000004'] });
    const expected = await sql.query<{ app_id: string; n: number }>(
      'SELECT app_id, count(*)::int AS n FROM app_users WHERE revoked_at IS NULL GROUP BY app_id',
    );
    const byApp = Object.fromEntries(expected.rows.map((row) => [row.app_id, row.n]));
    expect(counted.counts).toEqual({ [RECIPES]: byApp[RECIPES], [GARDEN]: 3, [FOREIGN]: 1, empty0000004: 0 });
    expect(byApp[RECIPES]).toBeGreaterThan(0);

    const session = await signIn('counted@example.com');
    const before = (await rpc.request(UsersSubjects.countAppUsers, { app_ids: [RECIPES] })).counts[RECIPES] ?? 0;
    await rpc.request(UsersSubjects.revokeAppUser, { caller: owner, id: session.app_user.id });
    expect((await rpc.request(UsersSubjects.countAppUsers, { app_ids: [RECIPES] })).counts).toEqual({ [RECIPES]: before - 1 });
  });

  it("tells the gateways of a user's first sign-in before answering it, and of no later one", async () => {
    usersChanged.length = 0;
    await signIn('newcomer@example.com', GARDEN);
    expect(usersChanged).toEqual([GARDEN]);
    await signIn('newcomer@example.com', GARDEN);
    expect(usersChanged).toEqual([GARDEN]);
  });

  it('asks about at most 100 apps at once', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `app${String(i).padStart(9, '0')}`);
    expect((await rpcFailure(rpc.request(UsersSubjects.countAppUsers, { app_ids: ids }))).status).toBe(422);
  });
});

describe("the edge's access counts", () => {
  it('adds each batch in one go: counts summed, first access set once, last access only moved forward', async () => {
    const granted = (await grant({ app_id: GARDEN, email: 'visitor@example.com' })).app_user;
    const regular = (await signIn('frequent@example.com', GARDEN)).app_user;
    const t = (minutes: number) => new Date(Date.parse('2030-01-01T00:00:00.000Z') + minutes * 60_000).toISOString();
    const read = async (email: string) => (await list({ email })).app_users[0];

    rpc.emit(UsersEvents.recordAppUserAccess, {
      accesses: [
        { app_user_id: granted.id, count: 3, at: t(10) },
        { app_user_id: granted.id, count: 2, at: t(5) },
        { app_user_id: regular.id, count: 4, at: t(20) },
      ],
    });
    const visitor = await eventually(async () => {
      const user = await read('visitor@');
      return user?.access_count === 5 ? user : undefined;
    }, 'the first batch');
    expect(visitor).toMatchObject({ first_accessed_at: t(5), last_accessed_at: t(10) });
    expect(await read('frequent@')).toMatchObject({ access_count: 5, first_accessed_at: regular.first_accessed_at, last_accessed_at: t(20) });

    // A later batch carrying an older time (another edge's, late) adds its count but does not move last access back.
    rpc.emit(UsersEvents.recordAppUserAccess, { accesses: [{ app_user_id: granted.id, count: 1, at: t(1) }] });
    const later = await eventually(async () => {
      const user = await read('visitor@');
      return user?.access_count === 6 ? user : undefined;
    }, 'the second batch');
    expect(later).toMatchObject({ first_accessed_at: t(5), last_accessed_at: t(10) });
  });
});
