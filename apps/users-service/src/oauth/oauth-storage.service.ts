import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  isGrant,
  narrowestScopeCovering,
  UsersEvents,
  type OAuthDoneResponse,
  type OAuthFoundResponse,
  type OAuthModel,
  type OAuthRecordKey,
  type OAuthUpsertRequest,
  type Plan,
  type ResolveCredentialRequest,
  type ResolveCredentialResponse,
} from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { sha256Hex } from '../common/secrets';

const DONE: OAuthDoneResponse = { success: true };
/**
 * Anyone may register a client, and oidc-provider gives clients no expiry: one is kept 30 days after it was
 * registered or after its last grant ends, whichever is later, so an agent that comes back within 30 days of its
 * last authorization still finds its client, and one that registered and never came back is purged by the sweep.
 */
export const UNUSED_CLIENT_TTL_SECONDS = 30 * 24 * 3600;
const INVALID_TOKEN = 'Invalid access token';

interface TokenRow {
  payload: { scope?: unknown; clientId?: unknown };
  expires_at: Date | null;
  account_id: number;
  email: string;
  plan: Plan;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** The account a record is about: oidc-provider keeps account ids as text, appgen's are integers. */
function accountIdOf(payload: Record<string, unknown>): number | null {
  const id = text(payload['accountId']);
  return id !== null && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}


/**
 * oidc-provider's Adapter, answered over NATS: the gateway runs the OAuth server and keeps nothing, every
 * replica reads and writes here. Revoking access tokens tells every gateway at once (credentialsRevoked with
 * their hashes), so none keeps serving one from its cache.
 */
@Injectable()
export class OAuthStorageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async upsert(request: OAuthUpsertRequest): Promise<OAuthDoneResponse> {
    const { payload } = request;
    const userCode = text(payload['userCode']);
    const expiresIn = request.expires_in ?? (request.model === 'Client' ? UNUSED_CLIENT_TTL_SECONDS : null);
    const clientId = request.model === 'Grant' ? text(payload['clientId']) : null;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO oauth_records (model, id_hash, payload, grant_id, uid, user_code_hash, account_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $8::integer) END)
         ON CONFLICT (model, id_hash) DO UPDATE
           SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
               user_code_hash = EXCLUDED.user_code_hash, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at`,
        [
          request.model,
          request.id_hash,
          JSON.stringify(payload),
          text(payload['grantId']),
          text(payload['uid']),
          userCode === null ? null : sha256Hex(userCode),
          accountIdOf(payload),
          expiresIn,
        ],
      );
      if (clientId === null || request.expires_in === undefined) return;
      // GREATEST skips a NULL: a client registered before clients expired gets its lifetime here.
      await manager.query(
        `UPDATE oauth_records SET expires_at = GREATEST(expires_at, now() + make_interval(secs => $2::integer))
          WHERE model = 'Client' AND id_hash = $1`,
        [sha256Hex(clientId), request.expires_in + UNUSED_CLIENT_TTL_SECONDS],
      );
    });
    return DONE;
  }

  find(request: OAuthRecordKey): Promise<OAuthFoundResponse> {
    return this.findWhere(request.model, 'id_hash = $2', request.id_hash);
  }

  findByUid(model: OAuthModel, uid: string): Promise<OAuthFoundResponse> {
    return this.findWhere(model, 'uid = $2', uid);
  }

  findByUserCode(model: OAuthModel, userCodeHash: string): Promise<OAuthFoundResponse> {
    return this.findWhere(model, 'user_code_hash = $2', userCodeHash);
  }

  /** Marks a code or refresh token used, as oidc-provider reads it: `consumed` (epoch seconds) in the payload. */
  async consume(request: OAuthRecordKey): Promise<OAuthDoneResponse> {
    await this.dataSource.query(
      `UPDATE oauth_records SET payload = payload || jsonb_build_object('consumed', extract(epoch FROM now())::bigint)
        WHERE model = $1 AND id_hash = $2`,
      [request.model, request.id_hash],
    );
    return DONE;
  }

  async destroy(request: OAuthRecordKey): Promise<OAuthDoneResponse> {
    const gone: { id_hash: string }[] = await this.dataSource.query(
      // Selected around the DELETE: a bare DELETE answers TypeORM's raw query with [rows, count].
      'WITH gone AS (DELETE FROM oauth_records WHERE model = $1 AND id_hash = $2 RETURNING id_hash) SELECT id_hash FROM gone',
      [request.model, request.id_hash],
    );
    await this.announceRevoked(request.model, gone);
    return DONE;
  }

  /** Ends every record of `model` in the grant: oidc-provider asks this of each token model when a grant is revoked. */
  async revokeByGrantId(model: OAuthModel, grantId: string): Promise<OAuthDoneResponse> {
    const gone: { id_hash: string }[] = await this.dataSource.query(
      'WITH gone AS (DELETE FROM oauth_records WHERE model = $1 AND grant_id = $2 RETURNING id_hash) SELECT id_hash FROM gone',
      [model, grantId],
    );
    await this.announceRevoked(model, gone);
    return DONE;
  }

  /**
   * Hot path of every OAuth-authenticated request: one indexed read. The caller's grants are exactly the
   * token's scopes; `scope` is only the label of the narrowest API-key scope covering them.
   */
  async resolveAccessToken(request: ResolveCredentialRequest): Promise<ResolveCredentialResponse> {
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT r.payload, r.expires_at, a.id AS account_id, a.email, a.plan
         FROM oauth_records r JOIN accounts a ON a.id = r.account_id
        WHERE r.model = 'AccessToken' AND r.id_hash = $1 AND (r.expires_at IS NULL OR r.expires_at > now())`,
      [request.secret_hash],
    );
    const row = rows[0];
    if (!row) throw AppgenError.of('unauthorized', INVALID_TOKEN);
    const scope = typeof row.payload.scope === 'string' ? row.payload.scope : '';
    const grants = [...new Set(scope.split(' ').filter(isGrant))];
    const clientId = text(row.payload.clientId);
    return {
      caller: {
        accountId: row.account_id,
        email: row.email,
        plan: row.plan,
        keyId: null,
        scope: narrowestScopeCovering(grants),
        grants,
      },
      expires_at: row.expires_at?.toISOString() ?? null,
      ...(clientId === null ? {} : { client_id: clientId }),
    };
  }

  private async findWhere(model: OAuthModel, where: string, value: string): Promise<OAuthFoundResponse> {
    const rows: { payload: Record<string, unknown> }[] = await this.dataSource.query(
      `SELECT payload FROM oauth_records WHERE model = $1 AND ${where} AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [model, value],
    );
    return { payload: rows[0]?.payload ?? null };
  }

  /** After the change is committed and before it is answered, so no gateway still serves the token afterwards. */
  private async announceRevoked(model: OAuthModel, gone: { id_hash: string }[]): Promise<void> {
    if (model !== 'AccessToken' || gone.length === 0) return;
    await this.rpc.announce(UsersEvents.credentialsRevoked, { key_ids: [], token_hashes: gone.map((row) => row.id_hash) });
  }
}
