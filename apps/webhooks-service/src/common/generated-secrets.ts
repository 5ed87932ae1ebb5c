import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `randomInt` draws by rejection sampling, so every character is equally likely. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** A webhook's signing secret when its subscriber names none (decisions.md: `whsec_` + 32 base62). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

export function generateCallbackSecret(): string {
  return `whcs_${randomBase62(32)}`;
}
