import { randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX } from '@appgen/contracts';
import { randomBase62, sha256Hex } from '../common/secrets';

export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_MAX_FAILURES = 5;

/** Six digits, leading zeros kept. */
export function newSignInCode(): string {
  return randomInt(1_000_000).toString().padStart(6, '0');
}

/**
 * Binding the owner of the code (an account id, or an app user's `<app_id>:<email>`) into the digest
 * means a stored hash cannot be replayed for another account.
 * A six-digit code is guessable offline from its hash anyway; what protects it is its ten-minute life
 * and the five-try limit, the hash only keeps a database reader from using live codes at a glance.
 */
export function hashSignInCode(owner: number | string, code: string): string {
  return sha256Hex(`${owner}:${code}`);
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
