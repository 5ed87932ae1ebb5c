import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env, type EnvVar } from './config';

/*
 * Values appgen keeps encrypted at rest (webhook and callback secrets, app environment variables), sealed one way
 * under the one operator key SECRETS_KEY, so every service that stores secrets reads and rotates them alike.
 */

/** What each service that stores sealed values declares in its environment (it has no default: refusing to start beats a guessable key). */
export function secretsKeyEnv(purpose: string): EnvVar<string> {
  return env.string(`base64 of 32 random bytes; ${purpose} (AES-256-GCM)`);
}

/**
 * The key SECRETS_KEY holds. When it is not base64 of exactly 32 bytes the problem is added to `problems`
 * (the config loader's list, which names every wrong variable at once) and the returned buffer is unusable.
 */
export function secretsKeyOf(base64: string, problems: string[]): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) problems.push('SECRETS_KEY must be base64 of exactly 32 bytes');
  return key;
}

/**
 * AES-256-GCM with a fresh 12-byte nonce per value: `v1.<base64(nonce | tag | ciphertext)>`. The version
 * prefix leaves room for rotating SECRETS_KEY later without guessing which key sealed a row.
 */
export function sealSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The plain value of `sealed`; throws when it was sealed under another key or was altered. */
export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
