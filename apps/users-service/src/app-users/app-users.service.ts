import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeEmail,
  type AppUserRequestCodeRequest,
  type AppUserResolveSessionResponse,
  type AppUserSessionRequest,
  type AppUserSessionResponse,
  type AppUserVerifyCodeRequest,
  type MessageResponse,
  UsersEvents,
} from '@appgen/contracts';
import { OutboxService } from '@appgen/outbox';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { isSha256Hex, sha256Hex } from '../common/secrets';
import { USERS_CONFIG, type UsersConfig } from '../config/users.config';
import { MailOutboxService } from '../mail/mail-outbox.service';
import {
  checkSignInCode,
  codeAfterCheck,
  hashSignInCode,
  newSignInCode,
  reissueSql,
  SIGN_IN_CODE_TTL_MS,
} from '../sign-in/sign-in-code';
import { AppUserCodeEntity } from './app-user-code.entity';
import { AppUserSessionEntity } from './app-user-session.entity';
import {
  APP_USER_SESSION_TTL_SECONDS,
  appUserCodeOwner,
  newAppUserSessionToken,
  toAppUserView,
} from './app-user-view';
import { AppUserEntity } from './app-user.entity';

/** One message for every refusal of a code, so a guesser learns nothing about why. */
const CODE_REFUSED = 'The sign-in code is wrong or has expired. Request a new code and try again.';
const REVOKED = 'Your access to this app has been revoked by its owner.';
const SIGNED_OUT = 'Not signed in, or the session has expired. Sign in again.';

const APP_ID = /^[a-z0-9]{12}$/;

interface AppTarget {
  appId: string;
  accountId: number;
  email: string;
}

/**
 * The edge is the only caller and already resolved the app, but the payload still crosses the bus:
 * anything malformed is a 422 here rather than a row keyed by garbage.
 */
function readTarget(request: { app_id: unknown; account_id: unknown; email: unknown }): AppTarget {
  const email = normalizeEmail(request.email);
  const errors = [];
  if (typeof request.app_id !== 'string' || !APP_ID.test(request.app_id)) errors.push({ field: 'app_id', message: 'must be an app id' });
  if (typeof request.account_id !== 'number' || !Number.isSafeInteger(request.account_id) || request.account_id < 1) {
    errors.push({ field: 'account_id', message: 'must be an account id' });
  }
  if (email === null) errors.push({ field: 'email', message: 'must be a valid e-mail address' });
  if (errors.length > 0 || email === null) throw AppgenError.validation(errors);
  return { appId: request.app_id as string, accountId: request.account_id as number, email };
}

/** How a new code replaces the stored one: hourly cap and lockout (see `reissueSql`). */
const reissue = reissueSql('app_user_codes');

@Injectable()
export class AppUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailOutboxService,
    private readonly outbox: OutboxService,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
    private readonly rpc: RpcClient,
  ) {}

  async requestCode(request: AppUserRequestCodeRequest): Promise<MessageResponse> {
    const target = readTarget(request);
    const appName = typeof request.app_name === 'string' && request.app_name.trim() !== '' ? request.app_name.trim() : 'your app';
    await this.dataSource.transaction(async (manager) => {
      const existing = await this.findUser(manager, target.appId, target.email);
      if (existing?.revokedAt) throw AppgenError.of('forbidden', REVOKED);
      const code = newSignInCode();
      const expiresAt = new Date(Date.now() + SIGN_IN_CODE_TTL_MS);
      const issued: unknown[] = await manager.query(
        `INSERT INTO app_user_codes (app_id, email, code_hash, failed_attempts, expires_at, created_at)
         VALUES ($1, $2, $3, 0, $4, now())
         ON CONFLICT (app_id, email) DO UPDATE
           SET ${reissue.set}
           WHERE ${reissue.where}
         RETURNING app_id`,
        [target.appId, target.email, this.codeHash(target, code), expiresAt],
      );
      if (issued.length === 0) return;
      await this.mail.enqueue(manager, {
        to: target.email,
        discardAfter: expiresAt,
        subject: `Your sign-in code for ${appName}: ${code}`,
        text: [
          `Your sign-in code for ${appName} is ${code}.`,
          '',
          'It expires in 10 minutes and works once.',
          'If you did not ask to sign in, you can ignore this mail.',
          '',
        ].join('\n'),
      });
    });
    return { message: `A 6-digit sign-in code is on its way to ${target.email}. It expires in 10 minutes.` };
  }

  async verifyCode(request: AppUserVerifyCodeRequest): Promise<AppUserSessionResponse> {
    const email = normalizeEmail(request.email);
    const code = typeof request.code === 'string' ? request.code.trim() : '';
    if (email === null || typeof request.app_id !== 'string') throw AppgenError.of('unauthorized', CODE_REFUSED);
    const target = readTarget({ ...request, email });
    // A wrong try must be counted even though the request fails, so refusals are returned and thrown after commit.
    const outcome = await this.dataSource.transaction(async (manager) => {
      const stored = await manager
        .getRepository(AppUserCodeEntity)
        .createQueryBuilder('code')
        .setLock('pessimistic_write')
        .where('code.appId = :appId AND code.email = :email', { appId: target.appId, email: target.email })
        .getOne();
      if (!stored) return 'refused' as const;
      const check = checkSignInCode(stored, this.codeHash(target, code), new Date());
      const next = codeAfterCheck(check);
      const key = { appId: target.appId, email: target.email };
      if (next === 'count_failure') await manager.increment(AppUserCodeEntity, key, 'failedAttempts', 1);
      if (next === 'delete') await manager.delete(AppUserCodeEntity, key);
      if (check !== 'valid') return 'refused' as const;

      const existing = await this.findUser(manager, target.appId, target.email, true);
      if (existing?.revokedAt) return 'revoked' as const;
      const user = existing ? await this.recordAccess(manager, existing) : await this.createUser(manager, target);
      const created = existing === null;
      const token = newAppUserSessionToken();
      await manager.insert(AppUserSessionEntity, {
        appUserId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + APP_USER_SESSION_TTL_SECONDS * 1000),
      });
      return { user, token, created };
    });
    if (outcome === 'refused') throw AppgenError.of('unauthorized', CODE_REFUSED);
    if (outcome === 'revoked') throw AppgenError.of('forbidden', REVOKED);
    // A first sign-in adds a user to the app: the gateways' users_count must not lag behind this answer.
    if (outcome.created) await this.rpc.announce(UsersEvents.appUsersChanged, { app_id: outcome.user.appId });
    return { session_token: outcome.token, expires_in: APP_USER_SESSION_TTL_SECONDS, app_user: toAppUserView(outcome.user) };
  }

  /** Hot path of every signed-in request to a generated app: one indexed read, no writes. */
  async resolveSession(request: AppUserSessionRequest): Promise<AppUserResolveSessionResponse> {
    if (!isSha256Hex(request.session_hash) || typeof request.app_id !== 'string') throw AppgenError.of('unauthorized', SIGNED_OUT);
    const user = await this.dataSource
      .getRepository(AppUserEntity)
      .createQueryBuilder('user')
      .innerJoin(AppUserSessionEntity, 'session', 'session.appUserId = user.id')
      .where('session.tokenHash = :hash AND user.appId = :appId', { hash: request.session_hash, appId: request.app_id })
      .andWhere('session.expiresAt > now() AND user.revokedAt IS NULL')
      .getOne();
    if (!user) throw AppgenError.of('unauthorized', SIGNED_OUT);
    return { app_user: toAppUserView(user) };
  }

  /** Idempotent: signing out of a session that is already gone succeeds too. */
  async signOut(request: AppUserSessionRequest): Promise<{ success: true }> {
    if (isSha256Hex(request.session_hash) && typeof request.app_id === 'string') {
      await this.dataSource.query(
        `DELETE FROM app_user_sessions s USING app_users u
          WHERE s.app_user_id = u.id AND s.token_hash = $1 AND u.app_id = $2`,
        [request.session_hash, request.app_id],
      );
    }
    return { success: true };
  }

  private codeHash(target: AppTarget, code: string): string {
    return hashSignInCode(this.config.codeHashKey, appUserCodeOwner(target.appId, target.email), code);
  }

  private async createUser(manager: EntityManager, target: AppTarget): Promise<AppUserEntity> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(AppUserEntity)
      .values({
        accountId: target.accountId,
        appId: target.appId,
        email: target.email,
        accessTier: 'free',
        tierGrantedAt: () => 'now()',
        firstAccessedAt: () => 'now()',
        lastAccessedAt: () => 'now()',
        accessCount: 1,
      })
      .returning('id')
      .execute();
    const id = (inserted.raw as { id: number }[])[0]?.id;
    const user = await manager.findOneByOrFail(AppUserEntity, { id });
    await this.outbox.enqueue(manager, {
      kind: 'app.user.created',
      accountId: user.accountId,
      appId: user.appId,
      data: { app_user: { id: user.id, app_id: user.appId, email: user.email, access_tier: user.accessTier } },
    });
    return user;
  }

  private async recordAccess(manager: EntityManager, user: AppUserEntity): Promise<AppUserEntity> {
    // Someone granted access before signing in has no first access yet.
    await manager.query(
      `UPDATE app_users
          SET first_accessed_at = coalesce(first_accessed_at, now()), last_accessed_at = now(), access_count = access_count + 1
        WHERE id = $1`,
      [user.id],
    );
    return manager.findOneByOrFail(AppUserEntity, { id: user.id });
  }

  private findUser(manager: EntityManager, appId: string, email: string, lock = false): Promise<AppUserEntity | null> {
    const query = manager
      .getRepository(AppUserEntity)
      .createQueryBuilder('user')
      .where('user.appId = :appId AND lower(user.email) = :email', { appId, email });
    return (lock ? query.setLock('pessimistic_write') : query).getOne();
  }
}
