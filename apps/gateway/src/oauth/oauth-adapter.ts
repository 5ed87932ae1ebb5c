import { OAUTH_MODELS, UsersSubjects, type OAuthModel } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { secretHash } from '../access/credential-resolver.service';

function isOAuthModel(name: string): name is OAuthModel {
  return (OAUTH_MODELS as readonly string[]).includes(name);
}

/**
 * The payload as stored: without its `jti`, the record's id (a token's id is the token, a session's the browser's
 * session cookie), which find() puts back from the id it was found by, and without the session cookie an
 * interaction copies from its session (`session.cookie`), which oidc-provider never reads back. A session found by
 * its uid instead (to check who an interaction or token belongs to) comes back without its id: oidc-provider gives
 * it a fresh one it neither saves nor sends, as it only reads its account and grants.
 */
export function storedPayload(id: string, payload: AdapterPayload): AdapterPayload {
  const stored: AdapterPayload = { ...payload };
  if (stored['jti'] === id) delete stored['jti'];
  const session = stored['session'];
  if (typeof session === 'object' && session !== null && 'cookie' in session) {
    const { cookie: _cookie, ...rest } = session as Record<string, unknown>;
    stored['session'] = rest;
  }
  return stored;
}

/**
 * oidc-provider's storage for one model, kept by users-service: every method is one NATS request. Ids travel
 * and are stored as their SHA-256 only, and no payload holds one (storedPayload).
 */
export class NatsOAuthAdapter implements Adapter {
  private readonly model: OAuthModel;

  constructor(
    name: string,
    private readonly rpc: RpcClient,
  ) {
    if (!isOAuthModel(name)) throw new Error(`oidc-provider asked for storage of an unknown model ${name}`);
    this.model = name;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.rpc.request(UsersSubjects.oauthUpsert, {
      model: this.model,
      id_hash: secretHash(id),
      payload: storedPayload(id, payload),
      ...(expiresIn === undefined ? {} : { expires_in: Math.max(0, Math.ceil(expiresIn)) }),
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { payload } = await this.rpc.request(UsersSubjects.oauthFind, { model: this.model, id_hash: secretHash(id) });
    if (!payload) return undefined;
    return { ...payload, jti: id };
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const { payload } = await this.rpc.request(UsersSubjects.oauthFindByUid, { model: this.model, uid });
    return payload ?? undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const { payload } = await this.rpc.request(UsersSubjects.oauthFindByUserCode, { model: this.model, user_code_hash: secretHash(userCode) });
    return payload ?? undefined;
  }

  async consume(id: string): Promise<void> {
    await this.rpc.request(UsersSubjects.oauthConsume, { model: this.model, id_hash: secretHash(id) });
  }

  async destroy(id: string): Promise<void> {
    await this.rpc.request(UsersSubjects.oauthDestroy, { model: this.model, id_hash: secretHash(id) });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.rpc.request(UsersSubjects.oauthRevokeByGrantId, { model: this.model, grant_id: grantId });
  }
}
