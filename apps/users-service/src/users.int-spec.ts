import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import type { Client } from 'pg';
import {
  DEFAULT_PER_PAGE,
  SCOPE_GRANTS,
  UsersEvents,
  UsersSubjects,
  type Caller,
  type CredentialsRevokedMessage,
} from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import { rpcFailure, waitForMail } from '@appgen/testing';
import { startUsersServiceUnderTest, type UsersServiceUnderTest } from './users-service-under-test.testing';

jest.setTimeout(30_000);

const sha256 = (secret: string): string => createHash('sha256').update(secret).digest('hex');

let users: UsersServiceUnderTest;
let mailDir: string;
let connection: NatsConnection;
let rpc: RpcClient;
let sql: Client;
const seenMail = new Set<string>();

/** The failure a caller would get: HTTP status and public body. */

async function codeMailedTo(email: string): Promise<string> {
  const mail = await waitForMail(mailDir, email, { seen: seenMail });
  seenMail.add(mail.file);
  const match = /^Your appgen sign-in code: (\d{6})$/.exec(mail.subject);
  if (!match?.[1]) throw new Error(`unexpected subject: ${mail.subject}`);
  expect(mail.text).toContain(`Your appgen sign-in code is ${match[1]}.`);
  expect(mail.text).toContain('It expires in 10 minutes and works once.');
  return match[1];
}

async function signIn(email: string): Promise<{ token: string; caller: Caller }> {
  await rpc.request(UsersSubjects.requestSignInCode, { email });
  const code = await codeMailedTo(email);
  const signedIn = await rpc.request(UsersSubjects.verifySignInCode, { email, code });
  const { caller } = await rpc.request(UsersSubjects.resolveAccessToken, { secret_hash: sha256(signedIn.access_token) });
  return { token: signedIn.access_token, caller };
}

async function keyCaller(rawKey: string): Promise<Caller> {
  return (await rpc.request(UsersSubjects.resolveApiKey, { secret_hash: sha256(rawKey) })).caller;
}

beforeAll(async () => {
  users = await startUsersServiceUnderTest('appgen_users_it');
  ({ rpc, sql, mailDir, connection } = users);
});

afterAll(() => users?.close());

describe('accounts', () => {
  it('creates a free account (its credits are billing-service\'s), mails a code, and refuses the same e-mail again', async () => {
    const created = await rpc.request(UsersSubjects.createAccount, { email: '  Ada@Example.COM ', name: 'Ada' });
    expect(created.account).toEqual({
      id: expect.any(Number),
      email: 'ada@example.com',
      name: 'Ada',
      plan: 'free',
      created_at: expect.any(String),
    });
    expect(created.message).toContain('ada@example.com');
    expect(await codeMailedTo('ada@example.com')).toMatch(/^\d{6}$/);

    const taken = await rpcFailure(rpc.request(UsersSubjects.createAccount, { email: 'ADA@example.com' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('conflict');
    expect(taken.body.message).toContain('ada@example.com is already taken');
  });

  it('rejects an invalid e-mail with 422', async () => {
    const invalid = await rpcFailure(rpc.request(UsersSubjects.createAccount, { email: 'not-an-email' }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([{ field: 'email', message: 'must be a valid e-mail address' }]);
  });
});

describe('sign-in codes', () => {
  const email = 'grace@example.com';

  beforeAll(async () => {
    await rpc.request(UsersSubjects.createAccount, { email });
    await codeMailedTo(email);
  });

  it('answers the same for unknown accounts and mails nothing', async () => {
    const unknown = await rpc.request(UsersSubjects.requestSignInCode, { email: 'nobody@example.com' });
    const known = await rpc.request(UsersSubjects.requestSignInCode, { email });
    expect(unknown.message.replace('nobody@example.com', email)).toBe(known.message);
    await codeMailedTo(email);
    await expect(waitForMail(mailDir, 'nobody@example.com', { timeoutMs: 1500 })).rejects.toThrow('no mail');
  });

  it('signs in with the right code once, as a full_access bearer token of one hour', async () => {
    await rpc.request(UsersSubjects.requestSignInCode, { email: 'GRACE@example.com' });
    const code = await codeMailedTo(email);
    const signedIn = await rpc.request(UsersSubjects.verifySignInCode, { email, code });
    expect(signedIn.token_type).toBe('Bearer');
    expect(signedIn.expires_in).toBe(3600);
    expect(signedIn.access_token).toMatch(/^at_[0-9A-Za-z]{40}$/);
    expect(signedIn.account.email).toBe(email);

    const resolved = await rpc.request(UsersSubjects.resolveAccessToken, { secret_hash: sha256(signedIn.access_token) });
    expect(resolved.caller).toEqual({
      accountId: signedIn.account.id,
      email,
      plan: 'free',
      keyId: null,
      scope: 'full_access',
      grants: [...SCOPE_GRANTS.full_access],
    });
    expect(Date.parse(resolved.expires_at ?? '') - Date.now()).toBeGreaterThan(3500_000);

    const reused = await rpcFailure(rpc.request(UsersSubjects.verifySignInCode, { email, code }));
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('unauthorized');

    const { account } = await rpc.request(UsersSubjects.getAccount, { caller: resolved.caller });
    expect(account).toEqual(signedIn.account);
  });

  it('burns a code after five wrong tries, and a newer code replaces an older one', async () => {
    await rpc.request(UsersSubjects.requestSignInCode, { email });
    const first = await codeMailedTo(email);
    await rpc.request(UsersSubjects.requestSignInCode, { email });
    const code = await codeMailedTo(email);
    if (first !== code) {
      expect((await rpcFailure(rpc.request(UsersSubjects.verifySignInCode, { email, code: first }))).status).toBe(401);
    }
    const wrong = code === '000000' ? '000001' : '000000';
    const tries = first !== code ? 4 : 5;
    const messages = new Set<string>();
    for (let i = 0; i < tries; i += 1) {
      const refused = await rpcFailure(rpc.request(UsersSubjects.verifySignInCode, { email, code: wrong }));
      expect(refused.status).toBe(401);
      messages.add(refused.body.message);
    }
    const burned = await rpcFailure(rpc.request(UsersSubjects.verifySignInCode, { email, code }));
    expect(burned.status).toBe(401);
    messages.add(burned.body.message);
    expect(messages.size).toBe(1);

    // Burning a code locks the address for a while: a new request answers the same but mails no code,
    // so guessing cannot go on with fresh codes.
    const again = await rpc.request(UsersSubjects.requestSignInCode, { email });
    expect(again.message).toContain(email);
    await expect(waitForMail(mailDir, email, { seen: seenMail, timeoutMs: 1500 })).rejects.toThrow('no mail');
  });

  it('mails at most five codes an hour to one address', async () => {
    const flooded = 'flood@example.com';
    await rpc.request(UsersSubjects.createAccount, { email: flooded });
    await codeMailedTo(flooded);
    for (let i = 0; i < 4; i += 1) {
      await rpc.request(UsersSubjects.requestSignInCode, { email: flooded });
      await codeMailedTo(flooded);
    }
    const sixth = await rpc.request(UsersSubjects.requestSignInCode, { email: flooded });
    expect(sixth.message).toContain(flooded);
    await expect(waitForMail(mailDir, flooded, { seen: seenMail, timeoutMs: 1500 })).rejects.toThrow('no mail');
    // An hour later the address may be sent codes again.
    await sql.query(`UPDATE sign_in_codes SET window_started_at = now() - interval '61 minutes'`);
    await rpc.request(UsersSubjects.requestSignInCode, { email: flooded });
    await codeMailedTo(flooded);
  });

  it('refuses an expired code and an expired token', async () => {
    const late = 'late@example.com';
    await rpc.request(UsersSubjects.createAccount, { email: late });
    const code = await codeMailedTo(late);
    await sql.query(`UPDATE sign_in_codes SET expires_at = now() - interval '1 second'`);
    expect((await rpcFailure(rpc.request(UsersSubjects.verifySignInCode, { email: late, code }))).status).toBe(401);

    const { token } = await signIn(late);
    await sql.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const expired = await rpcFailure(rpc.request(UsersSubjects.resolveAccessToken, { secret_hash: sha256(token) }));
    expect(expired).toEqual({ status: 401, body: { error: 'unauthorized', message: 'This access token has expired' } });
    const unknown = await rpcFailure(rpc.request(UsersSubjects.resolveAccessToken, { secret_hash: sha256('at_nope') }));
    expect(unknown.body.message).toBe('Invalid access token');
  });
});

describe('API keys', () => {
  let owner: Caller;
  let adminKey: string;

  beforeAll(async () => {
    const created = await rpc.request(UsersSubjects.adminCreateAccount, { email: 'Linus@Example.com', plan: 'pro' });
    expect(created.account).toMatchObject({ email: 'linus@example.com', plan: 'pro' });
    expect(created.api_key).toMatchObject({ name: 'admin', scope: 'full_access', active: true, expires_at: null });
    adminKey = created.raw_key;
    owner = await keyCaller(adminKey);
  });

  it('creates keys whose raw form is shown once and resolves to the owner', async () => {
    const created = await rpc.request(UsersSubjects.createApiKey, { caller: owner, name: 'CI', scope: 'read_write', expires_in_days: 30 });
    expect(created.raw_key).toMatch(/^svc_[0-9A-Za-z]{40}$/);
    expect(created.warning).toMatch(/will not be shown again/);
    expect(created.api_key).toMatchObject({
      name: 'CI',
      scope: 'read_write',
      key_prefix: created.raw_key.slice(0, 12),
      masked_key: `${created.raw_key.slice(0, 12)}...${created.raw_key.slice(-4)}`,
      active: true,
      expired: false,
      request_count: 0,
      last_used_at: null,
    });
    expect(Date.parse(created.api_key.expires_at ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const resolved = await rpc.request(UsersSubjects.resolveApiKey, { secret_hash: sha256(created.raw_key) });
    expect(resolved.caller).toEqual({
      accountId: owner.accountId,
      email: 'linus@example.com',
      plan: 'pro',
      keyId: created.api_key.id,
      scope: 'read_write',
      grants: [...SCOPE_GRANTS.read_write],
    });
    expect(resolved.expires_at).toBe(created.api_key.expires_at);

    const defaults = await rpc.request(UsersSubjects.createApiKey, { caller: owner });
    expect(defaults.api_key).toMatchObject({ name: 'API key', scope: 'read_only', expires_at: null });

    const { api_keys, meta } = await rpc.request(UsersSubjects.listApiKeys, { caller: owner, page: 1, per_page: DEFAULT_PER_PAGE });
    expect(api_keys.map((key) => key.id)).toEqual([defaults.api_key.id, created.api_key.id, owner.keyId]);
    expect(meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3, per_page: DEFAULT_PER_PAGE });
    expect(JSON.stringify(api_keys)).not.toContain(created.raw_key);
    expect(JSON.stringify(api_keys)).not.toContain(created.raw_key.slice(12, -4));
  });

  it('refuses to create or revoke a key wider than the caller', async () => {
    const readOnly = await rpc.request(UsersSubjects.createApiKey, { caller: owner, scope: 'read_only' });
    const narrow = await keyCaller(readOnly.raw_key);
    const create = await rpcFailure(rpc.request(UsersSubjects.createApiKey, { caller: narrow, scope: 'full_access' }));
    expect(create.status).toBe(403);
    expect(create.body.error).toBe('forbidden');
    const revoke = await rpcFailure(rpc.request(UsersSubjects.revokeApiKey, { caller: narrow, id: owner.keyId ?? 0 }));
    expect(revoke.status).toBe(403);
    const same = await rpc.request(UsersSubjects.createApiKey, { caller: narrow, scope: 'read_only' });
    expect(same.api_key.scope).toBe('read_only');
  });

  it('rejects invalid fields with 422', async () => {
    const invalid = await rpcFailure(rpc.request(UsersSubjects.createApiKey, { caller: owner, expires_in_days: 0 }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([{ field: 'expires_in_days', message: 'must be an integer from 1 to 3650' }]);
  });

  it('revokes a key: it stops resolving and every gateway hears about it', async () => {
    const created = await rpc.request(UsersSubjects.createApiKey, { caller: owner, scope: 'read_only' });
    const broadcast = connection.subscribe(UsersEvents.credentialsRevoked, { max: 1 });
    await connection.flush();

    const revoked = await rpc.request(UsersSubjects.revokeApiKey, { caller: owner, id: created.api_key.id });
    expect(revoked.success).toBe(true);
    expect(revoked.api_key.active).toBe(false);

    for await (const message of broadcast) {
      const { data } = JSONCodec<{ data: CredentialsRevokedMessage }>().decode(message.data);
      expect(data).toEqual({ key_ids: [created.api_key.id] });
    }
    const refused = await rpcFailure(rpc.request(UsersSubjects.resolveApiKey, { secret_hash: sha256(created.raw_key) }));
    expect(refused).toEqual({ status: 401, body: { error: 'unauthorized', message: 'This API key has been revoked' } });

    const again = await rpc.request(UsersSubjects.revokeApiKey, { caller: owner, id: created.api_key.id });
    expect(again.success).toBe(true);
    const { api_key } = await rpc.request(UsersSubjects.getApiKey, { caller: owner, id: created.api_key.id });
    expect(api_key.active).toBe(false);
  });

  it("hides another account's keys behind 404", async () => {
    const other = await rpc.request(UsersSubjects.adminCreateAccount, { email: 'margaret@example.com' });
    const stranger = await keyCaller(other.raw_key);
    for (const request of [
      rpc.request(UsersSubjects.getApiKey, { caller: stranger, id: owner.keyId ?? 0 }),
      rpc.request(UsersSubjects.revokeApiKey, { caller: stranger, id: owner.keyId ?? 0 }),
    ]) {
      const hidden = await rpcFailure(request);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error).toBe('not_found');
    }
    const listed = await rpc.request(UsersSubjects.listApiKeys, { caller: stranger, page: 1, per_page: 25 });
    expect(listed.api_keys.map((key) => key.id)).toEqual([other.api_key.id]);
    expect(await keyCaller(adminKey)).toEqual(owner);
  });

  it('refuses an expired key and an unknown one', async () => {
    const created = await rpc.request(UsersSubjects.createApiKey, { caller: owner, expires_in_days: 1 });
    await sql.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [created.api_key.id]);
    const expired = await rpcFailure(rpc.request(UsersSubjects.resolveApiKey, { secret_hash: sha256(created.raw_key) }));
    expect(expired).toEqual({ status: 401, body: { error: 'unauthorized', message: 'This API key has expired' } });
    const { api_key } = await rpc.request(UsersSubjects.getApiKey, { caller: owner, id: created.api_key.id });
    expect(api_key).toMatchObject({ expired: true, active: true });

    const unknown = await rpcFailure(rpc.request(UsersSubjects.resolveApiKey, { secret_hash: sha256('svc_unknown') }));
    expect(unknown).toEqual({ status: 401, body: { error: 'unauthorized', message: 'Invalid API key' } });
  });

  it('records usage batches from the gateway', async () => {
    const created = await rpc.request(UsersSubjects.createApiKey, { caller: owner });
    const id = created.api_key.id;
    const later = '2030-01-01T00:00:00.000Z';
    rpc.emit(UsersEvents.recordApiKeyUsage, {
      usages: [
        { key_id: id, count: 3, last_used_at: '2029-06-01T00:00:00.000Z' },
        { key_id: id, count: 2, last_used_at: later },
      ],
    });
    rpc.emit(UsersEvents.recordApiKeyUsage, { usages: [{ key_id: id, count: 4, last_used_at: '2029-01-01T00:00:00.000Z' }] });
    const deadline = Date.now() + 5000;
    let key = created.api_key;
    while (key.request_count < 9 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      key = (await rpc.request(UsersSubjects.getApiKey, { caller: owner, id })).api_key;
    }
    expect(key.request_count).toBe(9);
    expect(key.last_used_at).toBe(later);
  });
});
