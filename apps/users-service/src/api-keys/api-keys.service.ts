import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MAX_INTEGER_ID,
  pageMeta,
  pageOffset,
  SCOPE_DESCRIPTIONS,
  scopeWithinGrants,
  UsersEvents,
  type ApiKeyByIdRequest,
  type ApiKeyResponse,
  type ApiKeyScope,
  type ApiKeyUsage,
  type ApiKeyView,
  type Caller,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
  type ListApiKeysRequest,
  type ListApiKeysResponse,
  type Plan,
  type RecordApiKeyUsageMessage,
  type ResolveCredentialRequest,
  type ResolveCredentialResponse,
  type RevokeApiKeyResponse,
} from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { buildCaller } from '../common/caller';
import { credentialProblem, isSha256Hex, sha256Hex } from '../common/secrets';
import { keyFragments, maskKey, newApiKey } from './api-key-secret';
import { ApiKeyEntity } from './api-key.entity';

export const DEFAULT_API_KEY_NAME = 'API key';
export const RAW_KEY_WARNING = 'Store this key now: it will not be shown again.';

export interface NewApiKey {
  name: string;
  scope: ApiKeyScope;
  expiresInDays: number | null;
}

interface KeyRow {
  id: number;
  scope: ApiKeyScope;
  expires_at: Date | null;
  revoked_at: Date | null;
  account_id: number;
  email: string;
  plan: Plan;
}

/**
 * A new key from a request's fields, whose form was checked against CreateApiKeyRequest before the handler ran
 * (name trimmed and within TEXT_LIMITS, one of the scopes, 1 to API_KEY_MAX_EXPIRES_IN_DAYS days): the defaults.
 */
export function newApiKeyOf(request: { name?: string; scope?: ApiKeyScope; expires_in_days?: number }): NewApiKey {
  return { name: request.name ?? DEFAULT_API_KEY_NAME, scope: request.scope ?? 'read_only', expiresInDays: request.expires_in_days ?? null };
}

export function toApiKeyView(key: ApiKeyEntity, now: Date = new Date()): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    key_prefix: key.keyPrefix,
    masked_key: maskKey(key.keyPrefix, key.keyLast4),
    scope: key.scope,
    scope_description: SCOPE_DESCRIPTIONS[key.scope],
    active: key.revokedAt === null,
    expired: key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    request_count: key.requestCount,
    created_at: key.createdAt.toISOString(),
  };
}

function forbiddenScope(caller: Caller, scope: ApiKeyScope, action: 'create' | 'revoke'): AppgenError {
  const credential = caller.keyId === null ? 'This access token' : `This ${caller.scope} API key`;
  return AppgenError.of('forbidden', `${credential} cannot ${action} a ${scope} API key: a key may only manage keys of its own scope or narrower, a token only keys within its permissions`);
}

@Injectable()
export class ApiKeysService {
  private readonly log = new Logger('ApiKeysService');

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async create(request: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
    const fields = newApiKeyOf(request);
    if (!scopeWithinGrants(fields.scope, request.caller.grants)) throw forbiddenScope(request.caller, fields.scope, 'create');
    const { rawKey, key } = await this.dataSource.transaction((manager) => this.insert(manager, request.caller.accountId, fields));
    return { raw_key: rawKey, api_key: toApiKeyView(key), warning: RAW_KEY_WARNING };
  }

  /** Creates a key in the caller's transaction; the raw key exists only in the return value. */
  async insert(manager: EntityManager, accountId: number, fields: NewApiKey): Promise<{ rawKey: string; key: ApiKeyEntity }> {
    const rawKey = newApiKey();
    const { prefix, last4 } = keyFragments(rawKey);
    const result = await manager.insert(ApiKeyEntity, {
      accountId,
      name: fields.name,
      keyHash: sha256Hex(rawKey),
      keyPrefix: prefix,
      keyLast4: last4,
      scope: fields.scope,
      expiresAt: fields.expiresInDays === null ? null : new Date(Date.now() + fields.expiresInDays * 86_400_000),
    });
    const id = Number(result.identifiers[0]?.['id']);
    return { rawKey, key: await manager.findOneByOrFail(ApiKeyEntity, { id }) };
  }

  async list(request: ListApiKeysRequest): Promise<ListApiKeysResponse> {
    const [keys, total] = await this.dataSource.getRepository(ApiKeyEntity).findAndCount({
      where: { accountId: request.caller.accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: pageOffset(request),
      take: request.per_page,
    });
    const now = new Date();
    return { api_keys: keys.map((key) => toApiKeyView(key, now)), meta: pageMeta(request, total) };
  }

  async get(request: ApiKeyByIdRequest): Promise<ApiKeyResponse> {
    const key = await this.findOwned(this.dataSource.manager, request.caller, request.id);
    return { api_key: toApiKeyView(key) };
  }

  async revoke(request: ApiKeyByIdRequest): Promise<RevokeApiKeyResponse> {
    const { key, already } = await this.dataSource.transaction(async (manager) => {
      const owned = await this.findOwned(manager, request.caller, request.id, true);
      if (!scopeWithinGrants(owned.scope, request.caller.grants)) throw forbiddenScope(request.caller, owned.scope, 'revoke');
      if (owned.revokedAt !== null) return { key: owned, already: true };
      await manager.update(ApiKeyEntity, { id: owned.id }, { revokedAt: () => 'now()' });
      return { key: await manager.findOneByOrFail(ApiKeyEntity, { id: owned.id }), already: false };
    });
    // Sent after commit, and again on a repeated revoke, so a gateway that missed the first one catches up.
    this.rpc.emit(UsersEvents.credentialsRevoked, { key_ids: [key.id] });
    return {
      success: true,
      message: already ? `API key ${key.id} was already revoked.` : `API key ${key.id} was revoked; it stops working immediately.`,
      api_key: toApiKeyView(key),
    };
  }

  /** Hot path of every key-authenticated request: one indexed read, no writes. */
  async resolve(request: ResolveCredentialRequest): Promise<ResolveCredentialResponse> {
    if (!isSha256Hex(request.secret_hash)) throw AppgenError.of('unauthorized', 'Invalid API key');
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT k.id, k.scope, k.expires_at, k.revoked_at, a.id AS account_id, a.email, a.plan
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1`,
      [request.secret_hash],
    );
    const row = rows[0];
    if (!row) throw AppgenError.of('unauthorized', 'Invalid API key');
    const problem = credentialProblem({ expiresAt: row.expires_at, revokedAt: row.revoked_at }, new Date());
    if (problem === 'revoked') throw AppgenError.of('unauthorized', 'This API key has been revoked');
    if (problem === 'expired') throw AppgenError.of('unauthorized', 'This API key has expired');
    return {
      caller: buildCaller({ id: row.account_id, email: row.email, plan: row.plan }, row.id, row.scope),
      expires_at: row.expires_at?.toISOString() ?? null,
    };
  }

  /** Applies a gateway's batched counters in one statement; duplicate key ids in a batch are summed. */
  async recordUsage(message: RecordApiKeyUsageMessage): Promise<void> {
    const received = Array.isArray(message?.usages) ? message.usages : [];
    const usages = received.filter(isValidUsage);
    if (usages.length < received.length) this.log.warn(`ignored ${received.length - usages.length} malformed usage record(s)`);
    if (usages.length === 0) return;
    await this.dataSource.query(
      `UPDATE api_keys k
          SET request_count = k.request_count + u.count,
              last_used_at = greatest(k.last_used_at, u.last_used_at)
         FROM (SELECT key_id, sum(count)::bigint AS count, max(last_used_at) AS last_used_at
                 FROM unnest($1::int[], $2::bigint[], $3::timestamptz[]) AS t(key_id, count, last_used_at)
                GROUP BY key_id) u
        WHERE k.id = u.key_id`,
      [usages.map((u) => u.key_id), usages.map((u) => u.count), usages.map((u) => u.last_used_at)],
    );
  }

  private async findOwned(manager: EntityManager, caller: Caller, id: number, lock = false): Promise<ApiKeyEntity> {
    if (!Number.isInteger(id) || id < 1 || id > MAX_INTEGER_ID) throw AppgenError.notFound('API key', id);
    const query = manager
      .getRepository(ApiKeyEntity)
      .createQueryBuilder('key')
      .where('key.id = :id AND key.accountId = :accountId', { id, accountId: caller.accountId });
    if (lock) query.setLock('pessimistic_write');
    const key = await query.getOne();
    if (!key) throw AppgenError.notFound('API key', id);
    return key;
  }
}

function isValidUsage(usage: ApiKeyUsage): boolean {
  return (
    typeof usage === 'object' &&
    usage !== null &&
    Number.isInteger(usage.key_id) &&
    usage.key_id > 0 &&
    usage.key_id <= MAX_INTEGER_ID &&
    Number.isInteger(usage.count) &&
    usage.count > 0 &&
    typeof usage.last_used_at === 'string' &&
    !Number.isNaN(Date.parse(usage.last_used_at))
  );
}
