import { createHash, randomInt } from 'node:crypto';

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `randomInt` draws by rejection sampling, so every character is equally likely (no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62_ALPHABET[randomInt(BASE62_ALPHABET.length)];
  return out;
}

/** Credentials are stored and looked up only by this digest; the raw secret is never persisted. */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

export interface CredentialState {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Why a known credential no longer works, or null while it does. Revocation wins over expiry. */
export function credentialProblem(state: CredentialState, now: Date): 'revoked' | 'expired' | null {
  if (state.revokedAt) return 'revoked';
  if (state.expiresAt && state.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}
