import { API_KEY_PREFIX } from '@appgen/contracts';
import { randomBase62 } from '../common/secrets';

export const API_KEY_RANDOM_LENGTH = 40;
export const KEY_PREFIX_LENGTH = 12;

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBase62(API_KEY_RANDOM_LENGTH)}`;
}

/** What is kept of a raw key besides its hash, so it can be shown masked and recognised later. */
export function keyFragments(rawKey: string): { prefix: string; last4: string } {
  return { prefix: rawKey.slice(0, KEY_PREFIX_LENGTH), last4: rawKey.slice(-4) };
}

export function maskKey(prefix: string, last4: string): string {
  return `${prefix}...${last4}`;
}
