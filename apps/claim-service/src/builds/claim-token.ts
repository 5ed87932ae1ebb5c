import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CLAIM_TOKEN_PREFIX } from '@appgen/contracts';

/** A new claim token: `clm_` and 43 base64url characters of 32 random bytes. */
export function newClaimToken(): string {
  return `${CLAIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a token: its SHA-256, hex. The token itself is shown once, in the claim package. */
export function claimTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` is the one whose hash is stored, compared in constant time (the digests have one length). */
export function claimTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(claimTokenHash(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
