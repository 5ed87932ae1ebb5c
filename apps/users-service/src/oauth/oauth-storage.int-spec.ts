import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import { JSONCodec } from 'nats';
import { UsersEvents, UsersSubjects, type CredentialsRevokedMessage } from '@appgen/contracts';
import { rpcFailure, waitForMail } from '@appgen/testing';
import { startUsersServiceUnderTest, type UsersServiceUnderTest } from '../users-service-under-test.testing';

jest.setTimeout(30_000);

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** A token as oidc-provider makes one: 256 random bits, base64url. */
const newToken = (): string => randomBytes(32).toString('base64url');

let users: UsersServiceUnderTest;
let accountId: number;

beforeAll(async () => {
  users = await startUsersServiceUnderTest('users_oauth');
  const created = await users.rpc.request(UsersSubjects.adminCreateAccount, { email: 'oauth-owner@example.com', plan: 'pro' });
  accountId = created.account.id;
});

afterAll(async () => {
  await users?.close();
});

function accessTokenPayload(grantId: string, scope: string): Record<string, unknown> {
  return { kind: 'AccessToken', accountId: String(accountId), clientId: 'client-1', grantId, scope, iat: 1, exp: 2 };
}

async function revocationsDuring(action: () => Promise<unknown>): Promise<CredentialsRevokedMessage[]> {
  const heard: CredentialsRevokedMessage[] = [];
  const subscription = users.connection.subscribe(UsersEvents.credentialsRevoked, {
    callback: (_error, message) => heard.push(JSONCodec<{ data: CredentialsRevokedMessage }>().decode(message.data).data),
  });
  await users.connection.flush();
  await action();
  // The service flushed its broadcast before answering; one round trip of our own delivers what was sent before it.
  await users.connection.flush();
  subscription.unsubscribe();
  return heard;
}

describe('OAuth storage over NATS', () => {
  it('keeps a token only under the SHA-256 of its value, and resolves it to a caller with exactly its scopes', async () => {
    const token = newToken();
    await users.rpc.request(UsersSubjects.oauthUpsert, {
      model: 'AccessToken',
      id_hash: sha256(token),
      payload: accessTokenPayload('grant-a', 'apps:read webhooks:read openid'),
      expires_in: 3600,
    });

    const stored = await users.sql.query<{ text: string }>('SELECT row_to_json(r)::text AS text FROM oauth_records r');
    expect(stored.rows.map((row) => row.text).join('\n')).not.toContain(token);

    const found = await users.rpc.request(UsersSubjects.oauthFind, { model: 'AccessToken', id_hash: sha256(token) });
    expect(found.payload).toMatchObject({ grantId: 'grant-a', scope: 'apps:read webhooks:read openid' });

    const resolved = await users.rpc.request(UsersSubjects.resolveOAuthToken, { secret_hash: sha256(token) });
    expect(resolved.caller).toEqual({
      accountId,
      email: 'oauth-owner@example.com',
      plan: 'pro',
      keyId: null,
      scope: 'read_only',
      grants: ['apps:read', 'webhooks:read'],
    });
    expect(resolved.client_id).toBe('client-1');
    expect(Date.parse(resolved.expires_at ?? '')).toBeGreaterThan(Date.now());

    // The same token under another model's name is not an access token.
    const unknown = await rpcFailure(users.rpc.request(UsersSubjects.resolveOAuthToken, { secret_hash: sha256(newToken()) }));
    expect(unknown).toEqual({ status: 401, body: { error: 'unauthorized', message: 'Invalid access token' } });
  });

  it('marks a refresh token consumed, as oidc-provider reads it', async () => {
    const refresh = newToken();
    const key = { model: 'RefreshToken' as const, id_hash: sha256(refresh) };
    await users.rpc.request(UsersSubjects.oauthUpsert, { ...key, payload: { kind: 'RefreshToken', grantId: 'grant-b' }, expires_in: 60 });
    expect((await users.rpc.request(UsersSubjects.oauthFind, key)).payload).not.toHaveProperty('consumed');

    await users.rpc.request(UsersSubjects.oauthConsume, key);
    const consumed = (await users.rpc.request(UsersSubjects.oauthFind, key)).payload;
    expect(typeof consumed?.['consumed']).toBe('number');
  });

  it('revokes a whole grant: its codes and tokens are gone and every gateway hears the access tokens', async () => {
    const [first, second, refresh, other] = [newToken(), newToken(), newToken(), newToken()];
    for (const token of [first, second]) {
      await users.rpc.request(UsersSubjects.oauthUpsert, {
        model: 'AccessToken',
        id_hash: sha256(token),
        payload: accessTokenPayload('grant-c', 'apps:read'),
        expires_in: 3600,
      });
    }
    await users.rpc.request(UsersSubjects.oauthUpsert, {
      model: 'RefreshToken',
      id_hash: sha256(refresh),
      payload: { kind: 'RefreshToken', grantId: 'grant-c' },
      expires_in: 3600,
    });
    await users.rpc.request(UsersSubjects.oauthUpsert, {
      model: 'AccessToken',
      id_hash: sha256(other),
      payload: accessTokenPayload('grant-d', 'apps:read'),
      expires_in: 3600,
    });

    const heard = await revocationsDuring(async () => {
      await users.rpc.request(UsersSubjects.oauthRevokeByGrantId, { model: 'AccessToken', grant_id: 'grant-c' });
      await users.rpc.request(UsersSubjects.oauthRevokeByGrantId, { model: 'RefreshToken', grant_id: 'grant-c' });
    });
    expect(heard).toEqual([{ key_ids: [], token_hashes: expect.arrayContaining([sha256(first), sha256(second)]) }]);
    expect(heard[0]?.token_hashes).toHaveLength(2);

    for (const token of [first, second]) {
      const refused = await rpcFailure(users.rpc.request(UsersSubjects.resolveOAuthToken, { secret_hash: sha256(token) }));
      expect(refused.status).toBe(401);
    }
    expect((await users.rpc.request(UsersSubjects.oauthFind, { model: 'RefreshToken', id_hash: sha256(refresh) })).payload).toBeNull();
    // Another grant's token is untouched.
    expect((await users.rpc.request(UsersSubjects.resolveOAuthToken, { secret_hash: sha256(other) })).caller.grants).toEqual(['apps:read']);
  });

  it('destroys one access token and tells every gateway', async () => {
    const token = newToken();
    await users.rpc.request(UsersSubjects.oauthUpsert, {
      model: 'AccessToken',
      id_hash: sha256(token),
      payload: accessTokenPayload('grant-e', 'apps:write'),
      expires_in: 3600,
    });
    const heard = await revocationsDuring(() => users.rpc.request(UsersSubjects.oauthDestroy, { model: 'AccessToken', id_hash: sha256(token) }));
    expect(heard).toEqual([{ key_ids: [], token_hashes: [sha256(token)] }]);
    expect((await rpcFailure(users.rpc.request(UsersSubjects.resolveOAuthToken, { secret_hash: sha256(token) }))).status).toBe(401);
  });

  it('keeps a registered client 30 days, or 30 days past the end of its last grant', async () => {
    const clientId = 'client-lifetime';
    const client = { model: 'Client' as const, id_hash: sha256(clientId) };
    const daysLeft = async (): Promise<number | undefined> =>
      (
        await users.sql.query<{ days: number }>("SELECT (extract(epoch FROM expires_at - now()) / 86400)::float8 AS days FROM oauth_records WHERE model = 'Client' AND id_hash = $1", [
          client.id_hash,
        ])
      ).rows[0]?.days;
    await users.rpc.request(UsersSubjects.oauthUpsert, { ...client, payload: { client_id: clientId, redirect_uris: ['http://127.0.0.1/cb'] } });
    expect(await daysLeft()).toBeCloseTo(30, 1);

    const grant = (id: string, days: number) => ({
      model: 'Grant' as const,
      id_hash: sha256(id),
      payload: { kind: 'Grant', accountId: String(accountId), clientId },
      expires_in: days * 86400,
    });
    await users.rpc.request(UsersSubjects.oauthUpsert, grant('grant-long', 45));
    expect(await daysLeft()).toBeCloseTo(75, 1);
    // A shorter grant saved later does not shorten the client's life.
    await users.rpc.request(UsersSubjects.oauthUpsert, grant('grant-short', 1));
    expect(await daysLeft()).toBeCloseTo(75, 1);
    expect((await users.rpc.request(UsersSubjects.oauthFind, client)).payload).toMatchObject({ client_id: clientId });
  });

  it('finds a session by its uid and nothing past its expiry, and a starting replica purges expired records', async () => {
    const live = { model: 'Session' as const, id_hash: sha256(newToken()) };
    await users.rpc.request(UsersSubjects.oauthUpsert, { ...live, payload: { kind: 'Session', uid: 'uid-live', accountId: String(accountId) }, expires_in: 600 });
    expect((await users.rpc.request(UsersSubjects.oauthFindByUid, { model: 'Session', uid: 'uid-live' })).payload).toMatchObject({ uid: 'uid-live' });

    const expiredToken = newToken();
    const expired = { model: 'AccessToken' as const, id_hash: sha256(expiredToken) };
    await users.rpc.request(UsersSubjects.oauthUpsert, { ...expired, payload: accessTokenPayload('grant-f', 'apps:read'), expires_in: 3600 });
    await users.sql.query("UPDATE oauth_records SET expires_at = now() - interval '1 second' WHERE id_hash = $1", [expired.id_hash]);
    expect((await users.rpc.request(UsersSubjects.oauthFind, expired)).payload).toBeNull();
    expect((await rpcFailure(users.rpc.request(UsersSubjects.resolveOAuthToken, { secret_hash: expired.id_hash }))).status).toBe(401);
    // A client whose 30 unused days have passed.
    const unusedClient = { model: 'Client' as const, id_hash: sha256('client-unused') };
    await users.rpc.request(UsersSubjects.oauthUpsert, { ...unusedClient, payload: { client_id: 'client-unused' } });
    await users.sql.query("UPDATE oauth_records SET expires_at = now() - interval '1 second' WHERE id_hash = $1", [unusedClient.id_hash]);
    expect((await users.rpc.request(UsersSubjects.oauthFind, unusedClient)).payload).toBeNull();

    const replica = await users.startReplica();
    const deadline = Date.now() + 10_000;
    let remaining = 1;
    while (remaining > 0 && Date.now() < deadline) {
      const counted = await users.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_records WHERE id_hash IN ($1, $2)', [
        expired.id_hash,
        unusedClient.id_hash,
      ]);
      remaining = counted.rows[0]?.n ?? 0;
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(remaining).toBe(0);
    expect((await users.rpc.request(UsersSubjects.oauthFindByUid, { model: 'Session', uid: 'uid-live' })).payload).not.toBeNull();
    await replica.close();
  });

  it('hands every replica the same provider keys, sealed at rest', async () => {
    const first = await users.rpc.request(UsersSubjects.oauthProviderKeys, {});
    const replica = await users.startReplica();
    const again = await users.rpc.request(UsersSubjects.oauthProviderKeys, {});
    await replica.close();
    expect(again).toEqual(first);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
    const stored = await users.sql.query<{ sealed: string }>('SELECT sealed FROM oauth_provider_keys');
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.sealed).toMatch(/^v1\./);
    expect(stored.rows[0]?.sealed).not.toContain(first.cookie_keys[0]);
  });

  it('checks a sign-in code without minting a token, once', async () => {
    const email = 'oauth-owner@example.com';
    const countTokens = async (): Promise<number | undefined> =>
      (await users.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM access_tokens')).rows[0]?.n;
    const before = await countTokens();
    await users.rpc.request(UsersSubjects.requestSignInCode, { email });
    const mail = await waitForMail(users.mailDir, email);
    const code = /(\d{6})$/.exec(mail.subject)?.[1] ?? '';

    const wrong = await rpcFailure(users.rpc.request(UsersSubjects.confirmSignInCode, { email, code: code === '000000' ? '111111' : '000000' }));
    expect(wrong.status).toBe(401);
    const confirmed = await users.rpc.request(UsersSubjects.confirmSignInCode, { email, code });
    expect(confirmed.account).toMatchObject({ id: accountId, email });
    expect(await countTokens()).toBe(before);
    const reused = await rpcFailure(users.rpc.request(UsersSubjects.confirmSignInCode, { email, code }));
    expect(reused.status).toBe(401);
  });
});
