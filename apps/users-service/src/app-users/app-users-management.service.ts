import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppsSubjects,
  EdgeEvents,
  MAX_INTEGER_ID,
  normalizeEmail,
  pageMeta,
  pageOffset,
  type AppUserByIdRequest,
  type Caller,
  type CountAppUsersRequest,
  type CountAppUsersResponse,
  type GrantAccessRequest,
  type GrantAccessResponse,
  type ListAppUsersRequest,
  type ListAppUsersResponse,
  type RecordAppUserAccessMessage,
  type RevokeAppUserResponse,
  UsersEvents,
} from '@appgen/contracts';
import { OutboxService } from '@appgen/outbox';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { toAppUserView, toGrantedAppUser, toRevokedAppUser } from './app-user-view';
import { AppUserEntity } from './app-user.entity';

/** What an app.user.* event says of the user (EventDataMap). */
function eventData(user: AppUserEntity) {
  return { app_user: { id: user.id, app_id: user.appId, email: user.email, access_tier: user.accessTier } };
}

/**
 * An account's management of its apps' users: who may use which app at which tier, and who may not any more.
 * Every change that alters what an app serves (a tier, a revocation) is announced to the edges after it commits
 * and before the answer, so the next request to the app sees it, and to the gateways (UsersEvents.appUsersChanged),
 * which keep each app's `users_count`.
 */
@Injectable()
export class AppUsersManagementService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly rpc: RpcClient,
  ) {}

  async list(request: ListAppUsersRequest): Promise<ListAppUsersResponse> {
    if (request.app_id !== undefined) await this.requireOwnedApp(request.caller, request.app_id);
    const query = this.dataSource
      .getRepository(AppUserEntity)
      .createQueryBuilder('user')
      .where('user.accountId = :accountId', { accountId: request.caller.accountId });
    if (request.app_id !== undefined) query.andWhere('user.appId = :appId', { appId: request.app_id });
    if (request.tier !== undefined) query.andWhere('user.accessTier = :tier', { tier: request.tier });
    // E-mails are stored lowercased; strpos needs no escaping of % and _ as LIKE would.
    if (request.email) query.andWhere('strpos(user.email, :email) > 0', { email: request.email.toLowerCase() });
    const [users, total] = await query
      .orderBy('user.createdAt', 'DESC')
      .addOrderBy('user.id', 'DESC')
      .offset(pageOffset(request))
      .limit(request.per_page)
      .getManyAndCount();
    return { app_users: users.map(toAppUserView), meta: pageMeta(request, total) };
  }

  /**
   * Creates the app user, or changes an existing one's tier and expiry (unique on app and e-mail): the grant's
   * time is now, and a revocation is lifted. Access dates stay as they were (null until a first sign-in).
   */
  async grant(request: GrantAccessRequest): Promise<GrantAccessResponse> {
    const email = normalizeEmail(request.email);
    if (email === null) throw AppgenError.validation([{ field: 'email', message: 'must be a valid e-mail address' }]);
    const expiresAt = request.expires_at === undefined ? null : new Date(request.expires_at);
    if (expiresAt !== null && !(expiresAt.getTime() > Date.now())) {
      throw AppgenError.validation([{ field: 'expires_at', message: 'must be in the future' }]);
    }
    const tier = request.tier ?? 'free';
    await this.requireOwnedApp(request.caller, request.app_id);
    const user = await this.dataSource.transaction(async (manager) => {
      const rows: { id: number }[] = await manager.query(
        `INSERT INTO app_users (account_id, app_id, email, access_tier, tier_granted_at, tier_expires_at, access_count)
         VALUES ($1, $2, $3, $4, now(), $5, 0)
         ON CONFLICT (app_id, lower(email)) DO UPDATE
           SET access_tier = EXCLUDED.access_tier,
               tier_granted_at = EXCLUDED.tier_granted_at,
               tier_expires_at = EXCLUDED.tier_expires_at,
               revoked_at = NULL
         RETURNING id`,
        [request.caller.accountId, request.app_id, email, tier, expiresAt],
      );
      const granted = await manager.findOneByOrFail(AppUserEntity, { id: rows[0]?.id });
      await this.outbox.enqueue(manager, {
        kind: 'app.user.access_granted',
        accountId: request.caller.accountId,
        appId: granted.appId,
        data: eventData(granted),
      });
      return granted;
    });
    this.rpc.emit(UsersEvents.appUsersChanged, { app_id: user.appId });
    await this.rpc.announce(EdgeEvents.appChanged, { app_id: user.appId });
    const until = user.tierExpiresAt ? ` until ${user.tierExpiresAt.toISOString()}` : '';
    return { app_user: toGrantedAppUser(user), message: `${user.email} has ${user.accessTier} access to app ${user.appId}${until}.` };
  }

  /** Idempotent: revoking a revoked user answers the same record and writes no second event. */
  async revoke(request: AppUserByIdRequest): Promise<RevokeAppUserResponse> {
    const { user, already } = await this.dataSource.transaction(async (manager) => {
      const owned = await this.findOwned(manager, request.caller, request.id);
      if (owned.revokedAt !== null) return { user: owned, already: true };
      await manager.query('UPDATE app_users SET revoked_at = now() WHERE id = $1', [owned.id]);
      // Signed out of the app at once: every session of theirs ends with the revocation.
      await manager.query('DELETE FROM app_user_sessions WHERE app_user_id = $1', [owned.id]);
      // A code in flight stops working too. The row stays, expired, so its hourly count and lockout still hold
      // if access is granted again.
      await manager.query('UPDATE app_user_codes SET expires_at = least(expires_at, now()) WHERE app_id = $1 AND email = $2', [
        owned.appId,
        owned.email,
      ]);
      const revoked = await manager.findOneByOrFail(AppUserEntity, { id: owned.id });
      await this.outbox.enqueue(manager, {
        kind: 'app.user.access_revoked',
        accountId: request.caller.accountId,
        appId: revoked.appId,
        data: eventData(revoked),
      });
      return { user: revoked, already: false };
    });
    // Announced on a repeat too, so an edge that missed the first one drops the user's sessions now. The gateways'
    // broadcast goes first: announce's wait covers both.
    this.rpc.emit(UsersEvents.appUsersChanged, { app_id: user.appId });
    await this.rpc.announce(EdgeEvents.appChanged, { app_id: user.appId });
    return {
      app_user: toRevokedAppUser(user),
      message: already
        ? `${user.email} was already revoked from app ${user.appId}.`
        : `${user.email} can no longer use app ${user.appId}: signed out now, and cannot sign in until granted access again.`,
    };
  }

  async count(request: CountAppUsersRequest): Promise<CountAppUsersResponse> {
    const counts = new Map<string, number>(request.app_ids.map((id) => [id, 0]));
    if (counts.size > 0) {
      const rows: { app_id: string; users: number }[] = await this.dataSource.query(
        `SELECT app_id, count(*)::int AS users FROM app_users
          WHERE app_id = ANY($1::text[]) AND revoked_at IS NULL
          GROUP BY app_id`,
        [[...counts.keys()]],
      );
      for (const row of rows) counts.set(row.app_id, row.users);
    }
    return { counts: Object.fromEntries(counts) };
  }

  /**
   * Applies the edge's batch of signed-in requests in one statement: counts added, first access set once,
   * last access moved forward only (batches from several edges may arrive out of order).
   */
  async recordAccess(message: RecordAppUserAccessMessage): Promise<void> {
    const accesses = message.accesses;
    if (accesses.length === 0) return;
    await this.dataSource.query(
      `UPDATE app_users u
          SET access_count = least(u.access_count + a.count, $4)::int,
              first_accessed_at = coalesce(u.first_accessed_at, a.first_at),
              last_accessed_at = greatest(u.last_accessed_at, a.last_at)
         FROM (SELECT app_user_id, sum(count) AS count, min(at) AS first_at, max(at) AS last_at
                 FROM unnest($1::int[], $2::bigint[], $3::timestamptz[]) AS t(app_user_id, count, at)
                GROUP BY app_user_id) a
        WHERE u.id = a.app_user_id`,
      [accesses.map((a) => a.app_user_id), accesses.map((a) => a.count), accesses.map((a) => a.at), MAX_INTEGER_ID],
    );
  }

  /** 404 (apps-service's answer) unless the app is the caller's. */
  private async requireOwnedApp(caller: Caller, appId: string): Promise<void> {
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
  }

  /** Locks the row, so a grant and a revoke of one user apply one after the other. */
  private async findOwned(manager: EntityManager, caller: Caller, id: number): Promise<AppUserEntity> {
    if (!Number.isInteger(id) || id < 1 || id > MAX_INTEGER_ID) throw AppgenError.notFound('App user', id);
    const user = await manager
      .getRepository(AppUserEntity)
      .createQueryBuilder('user')
      .setLock('pessimistic_write')
      .where('user.id = :id AND user.accountId = :accountId', { id, accountId: caller.accountId })
      .getOne();
    if (!user) throw AppgenError.notFound('App user', id);
    return user;
  }
}
