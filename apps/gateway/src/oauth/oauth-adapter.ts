import { OAUTH_MODELS, UsersSubjects, type OAuthModel } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { secretHash } from '../access/credential-resolver.service';

function isOAuthModel(name: string): name is OAuthModel {
  return (OAUTH_MODELS as readonly string[]).includes(name);
}

/**
 * oidc-provider's storage for one model, kept by users-service: every method is one NATS request. Ids travel
 * and are stored as their SHA-256 only; a token's id is the token, so the payload's `jti` (the same value) is
 * left out and put back from the id it was found by. A session keeps its `jti`: it is found by its uid too,
 * and its id is the browser's cookie, which the session itself must know.
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
    const stored = { ...payload };
    if (this.model !== 'Session' && stored['jti'] === id) delete stored['jti'];
    await this.rpc.request(UsersSubjects.oauthUpsert, {
      model: this.model,
      id_hash: secretHash(id),
      payload: stored,
      ...(expiresIn === undefined ? {} : { expires_in: Math.max(0, Math.ceil(expiresIn)) }),
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { payload } = await this.rpc.request(UsersSubjects.oauthFind, { model: this.model, id_hash: secretHash(id) });
    if (!payload) return undefined;
    return this.model === 'Session' ? payload : { ...payload, jti: id };
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
