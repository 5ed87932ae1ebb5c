import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX } from '@appgen/contracts';
import { randomBase62, sha256Hex } from '../common/secrets';

export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_MAX_FAILURES = 5;
/** Codes mailed to one address (per app, for app users) in an hour, so the endpoint cannot flood an inbox. */
export const SIGN_IN_CODES_PER_HOUR = 5;
/** After a code is burned by wrong tries, no new one is issued for this long: guessing stays slow across codes. */
export const SIGN_IN_LOCKOUT_MINUTES = 15;

/**
 * The SET and WHERE of the upsert that replaces the code row already stored (`table`) with a new code:
 * counts codes per hour, and refuses (changing nothing, so nothing is mailed) past the hourly cap or during
 * a lockout. The requester gets the same answer either way.
 */
export function reissueSql(table: string): { set: string; where: string } {
  const windowOver = `${table}.window_started_at < now() - interval '1 hour'`;
  return {
    set: `code_hash = excluded.code_hash, failed_attempts = 0, expires_at = excluded.expires_at, created_at = now(),
          issued_in_window = CASE WHEN ${windowOver} THEN 1 ELSE ${table}.issued_in_window + 1 END,
          window_started_at = CASE WHEN ${windowOver} THEN now() ELSE ${table}.window_started_at END`,
    where: `(${table}.issued_in_window < ${SIGN_IN_CODES_PER_HOUR} OR ${windowOver})
            AND NOT (${table}.failed_attempts >= ${SIGN_IN_CODE_MAX_FAILURES}
                     AND ${table}.created_at > now() - interval '${SIGN_IN_LOCKOUT_MINUTES} minutes')`,
  };
}

/** What a verification does with the stored code: a burned code stays on record for the lockout. */
export function codeAfterCheck(check: SignInCodeCheck): 'count_failure' | 'keep' | 'delete' {
  if (check === 'wrong') return 'count_failure';
  if (check === 'burned') return 'keep';
  return 'delete';
}

/** Six digits, leading zeros kept. */
export function newSignInCode(): string {
  return randomInt(1_000_000).toString().padStart(6, '0');
}

/**
 * Binding the owner of the code (an account id, or an app user's `<app_id>:<email>`) into the digest
 * means a stored hash cannot be replayed for another account.
 * A six-digit code has only a million values, so a plain digest of it is reversed offline in a moment:
 * the digest is an HMAC under a key derived from SECRETS_KEY, which the database does not hold, so a
 * reader of the database (or of a backup) cannot turn a stored hash back into a live code.
 * Without a key (SECRETS_KEY unset, never in a deployment) it falls back to a plain SHA-256.
 */
export function hashSignInCode(key: Buffer | null, owner: number | string, code: string): string {
  const message = `${owner}:${code}`;
  return key ? createHmac('sha256', key).update(message, 'utf8').digest('hex') : sha256Hex(message);
}

export function newAccessToken(): string {
  return `${ACCESS_TOKEN_PREFIX}${randomBase62(40)}`;
}

export interface StoredSignInCode {
  codeHash: string;
  failedAttempts: number;
  expiresAt: Date;
}

export type SignInCodeCheck = 'valid' | 'wrong' | 'expired' | 'burned';

/** Judges a presented code against the stored one; a burned or expired code rejects even the right digits. */
export function checkSignInCode(stored: StoredSignInCode, presentedHash: string, now: Date): SignInCodeCheck {
  if (stored.failedAttempts >= SIGN_IN_CODE_MAX_FAILURES) return 'burned';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  const expected = Buffer.from(stored.codeHash, 'hex');
  const presented = Buffer.from(presentedHash, 'hex');
  return expected.length === presented.length && timingSafeEqual(expected, presented) ? 'valid' : 'wrong';
}
