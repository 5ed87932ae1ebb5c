import 'reflect-metadata';
import { createHash } from 'node:crypto';
import type { NatsConnection } from 'nats';
import type { Client } from 'pg';
import { UsersSubjects } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import { rpcFailure, waitForEvents, waitForMail } from '@appgen/testing';
import { startUsersServiceUnderTest, type UsersServiceUnderTest } from '../users-service-under-test.testing';

jest.setTimeout(30_000);

const sha256 = (secret: string): string => createHash('sha256').update(secret).digest('hex');

let users: UsersServiceUnderTest;
let mailDir: string;
let connection: NatsConnection;
let rpc: RpcClient;
let sql: Client;
let accountId: number;
const seenMail = new Set<string>();
const APP = 'recipes00001';
const OTHER_APP = 'garden000002';

async function requestCode(email: string, appId = APP): Promise<string> {
  await rpc.request(UsersSubjects.appUserRequestCode, { app_id: appId, account_id: accountId, app_name: 'Recipe Box', email });
  const mail = await waitForMail(mailDir, email.trim().toLowerCase(), { seen: seenMail });
  seenMail.add(mail.file);
  const match = /^Your sign-in code for Recipe Box: (\d{6})$/.exec(mail.subject);
  if (!match?.[1]) throw new Error(`unexpected subject: ${mail.subject}`);
  expect(mail.text).toContain(`Your sign-in code for Recipe Box is ${match[1]}.`);
  return match[1];
}

function verify(email: string, code: string, appId = APP) {
  return rpc.request(UsersSubjects.appUserVerifyCode, { app_id: appId, account_id: accountId, email, code });
}

beforeAll(async () => {
  users = await startUsersServiceUnderTest('appgen_edge3_users');
  ({ rpc, sql, mailDir, connection } = users);
  const owner = await rpc.request(UsersSubjects.createAccount, { email: 'owner@example.com' });
  accountId = owner.account.id;
});

afterAll(() => users?.close());

describe('app-user sign-in', () => {
  it('creates the app user on the first sign-in, emits app.user.created, and opens a 30-day session', async () => {
    const code = await requestCode(' Cook@Example.com ');
    const session = await verify('cook@example.com', code);
    expect(session.session_token).toMatch(/^as_[0-9A-Za-z]{40}$/);
    expect(session.expires_in).toBe(30 * 24 * 3600);
    expect(session.app_user).toEqual({
      id: expect.any(Number),
      app_id: APP,
      email: 'cook@example.com',
      access_tier: 'free',
      tier_granted_at: expect.any(String),
      tier_expires_at: null,
      revoked: false,
      first_accessed_at: expect.any(String),
      last_accessed_at: expect.any(String),
      access_count: 1,
    });

    const events = await waitForEvents(connection, (all) => all.some((e) => e.event === 'app.user.created'));
    const created = events.find((e) => e.event === 'app.user.created');
    expect(created).toMatchObject({
      account_id: accountId,
      app_id: APP,
      data: { app_user: { id: session.app_user.id, app_id: APP, email: 'cook@example.com', access_tier: 'free' } },
    });

    const resolved = await rpc.request(UsersSubjects.appUserResolveSession, { app_id: APP, session_hash: sha256(session.session_token) });
    expect(resolved.app_user).toEqual(session.app_user);
    // The raw token is never stored.
    const stored = await sql.query<{ token_hash: string }>('SELECT token_hash FROM app_user_sessions');
    expect(stored.rows.map((r) => r.token_hash)).toContain(sha256(session.session_token));
    expect(JSON.stringify(stored.rows)).not.toContain(session.session_token);
  });

  it('counts each later sign-in and moves last access, keeping first access', async () => {
    const first = await verify('cook@example.com', await requestCode('cook@example.com'));
    const second = await verify('cook@example.com', await requestCode('cook@example.com'));
    expect(second.app_user.id).toBe(first.app_user.id);
    expect(second.app_user.access_count).toBe(first.app_user.access_count + 1);
    expect(second.app_user.first_accessed_at).toBe(first.app_user.first_accessed_at);
    expect(Date.parse(String(second.app_user.last_accessed_at))).toBeGreaterThanOrEqual(Date.parse(String(first.app_user.last_accessed_at)));
    const created = await sql.query("SELECT 1 FROM outbox WHERE kind = 'app.user.created'");
    expect(created.rowCount).toBe(1);
  });

  it('keeps app users of different apps apart', async () => {
    const code = await requestCode('cook@example.com', OTHER_APP);
    // The code of one app does not open another.
    expect((await rpcFailure(verify('cook@example.com', code, APP))).status).toBe(401);
    const other = await verify('cook@example.com', await requestCode('cook@example.com', OTHER_APP), OTHER_APP);
    expect(other.app_user.app_id).toBe(OTHER_APP);
    expect(other.app_user.access_count).toBe(1);
    const elsewhere = await rpcFailure(rpc.request(UsersSubjects.appUserResolveSession, { app_id: APP, session_hash: sha256(other.session_token) }));
    expect(elsewhere.status).toBe(401);
  });

  it('uses a code once, and burns it after five wrong tries', async () => {
    const code = await requestCode('baker@example.com');
    await verify('baker@example.com', code);
    const reused = await rpcFailure(verify('baker@example.com', code));
    expect(reused).toEqual({
      status: 401,
      body: { error: 'unauthorized', message: 'The sign-in code is wrong or has expired. Request a new code and try again.' },
    });

    const fresh = await requestCode('baker@example.com');
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await rpcFailure(verify('baker@example.com', wrong))).status).toBe(401);
    expect((await rpcFailure(verify('baker@example.com', fresh))).status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const code = await requestCode('late@example.com');
    await sql.query("UPDATE app_user_codes SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'");
    expect((await rpcFailure(verify('late@example.com', code))).status).toBe(401);
  });

  it('rejects a malformed request with 422', async () => {
    const invalid = await rpcFailure(
      rpc.request(UsersSubjects.appUserRequestCode, { app_id: APP, account_id: accountId, app_name: 'Recipe Box', email: 'nope' }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([{ field: 'email', message: 'must be a valid e-mail address' }]);
  });

  it('signs out one session and answers 401 for it afterwards', async () => {
    const session = await verify('leaver@example.com', await requestCode('leaver@example.com'));
    const request = { app_id: APP, session_hash: sha256(session.session_token) };
    expect(await rpc.request(UsersSubjects.appUserSignOut, request)).toEqual({ success: true });
    expect((await rpcFailure(rpc.request(UsersSubjects.appUserResolveSession, request))).status).toBe(401);
    expect(await rpc.request(UsersSubjects.appUserSignOut, request)).toEqual({ success: true });
  });

  it('answers 401 for an expired session', async () => {
    const session = await verify('old@example.com', await requestCode('old@example.com'));
    await sql.query("UPDATE app_user_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [sha256(session.session_token)]);
    const expired = await rpcFailure(rpc.request(UsersSubjects.appUserResolveSession, { app_id: APP, session_hash: sha256(session.session_token) }));
    expect(expired.body).toEqual({ error: 'unauthorized', message: 'Not signed in, or the session has expired. Sign in again.' });
  });

  it('does not let a revoked app user sign in, and ends their sessions', async () => {
    const session = await verify('banned@example.com', await requestCode('banned@example.com'));
    const code = await requestCode('banned@example.com');
    await sql.query("UPDATE app_users SET revoked_at = now() WHERE email = 'banned@example.com'");

    const resolved = await rpcFailure(rpc.request(UsersSubjects.appUserResolveSession, { app_id: APP, session_hash: sha256(session.session_token) }));
    expect(resolved.status).toBe(401);
    const verified = await rpcFailure(verify('banned@example.com', code));
    expect(verified).toEqual({ status: 403, body: { error: 'forbidden', message: 'Your access to this app has been revoked by its owner.' } });
    const requested = await rpcFailure(
      rpc.request(UsersSubjects.appUserRequestCode, { app_id: APP, account_id: accountId, app_name: 'Recipe Box', email: 'banned@example.com' }),
    );
    expect(requested.status).toBe(403);
  });
});
