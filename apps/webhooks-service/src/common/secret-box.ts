import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `randomInt` draws by rejection sampling, so every character is equally likely. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62[randomInt(BASE62.length)];
  return out;
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

export function generateCallbackSecret(): string {
  return `whcs_${randomBase62(32)}`;
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

export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
