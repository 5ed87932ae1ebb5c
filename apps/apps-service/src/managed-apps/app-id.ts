import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * App ids are short, opaque and lowercase alphanumeric, because they become DNS labels
 * (`preview-<id>.<PREVIEW_HOST>`, `<id>.<APPS_HOST>`). 12 characters give 36^12 ≈ 4.7e18 ids.
 */
export function newAppId(): string {
  let id = ALPHABET[randomInt(26)]; // a letter first, so no id looks like a number
  while (id.length < 12) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
