import type { AppUserView, GrantAccessResponse, RevokeAppUserResponse } from '@appgen/contracts';
import { randomBase62 } from '../common/secrets';
import type { AppUserEntity } from './app-user.entity';

/** Every app-user session token starts with this, so a leaked one is recognisable for what it is. */
export const APP_USER_SESSION_PREFIX = 'as_';
export const APP_USER_SESSION_TTL_SECONDS = 30 * 24 * 3600;

export function newAppUserSessionToken(): string {
  return `${APP_USER_SESSION_PREFIX}${randomBase62(40)}`;
}

/** What a code is bound to: one e-mail address at one app. */
export function appUserCodeOwner(appId: string, email: string): string {
  return `${appId}:${email}`;
}

export function toAppUserView(user: AppUserEntity): AppUserView {
  return {
    id: user.id,
    app_id: user.appId,
    email: user.email,
    access_tier: user.accessTier,
    tier_granted_at: user.tierGrantedAt.toISOString(),
    tier_expires_at: user.tierExpiresAt ? user.tierExpiresAt.toISOString() : null,
    revoked: user.revokedAt !== null,
    ...(user.revokedAt ? { revoked_at: user.revokedAt.toISOString() } : {}),
    first_accessed_at: user.firstAccessedAt?.toISOString() ?? null,
    last_accessed_at: user.lastAccessedAt?.toISOString() ?? null,
    access_count: user.accessCount,
  };
}

/** The contract's answer to a grant: the user's tier and its dates. */
export function toGrantedAppUser(user: AppUserEntity): GrantAccessResponse['app_user'] {
  const { id, app_id, email, access_tier, tier_granted_at, tier_expires_at } = toAppUserView(user);
  return { id, app_id, email, access_tier, tier_granted_at, tier_expires_at };
}

/** The contract's answer to a revocation, of a user who is revoked. */
export function toRevokedAppUser(user: AppUserEntity): RevokeAppUserResponse['app_user'] {
  if (user.revokedAt === null) throw new Error(`app user ${user.id} is not revoked`);
  return { id: user.id, app_id: user.appId, email: user.email, access_tier: user.accessTier, revoked: true, revoked_at: user.revokedAt.toISOString() };
}
