import { randomBytes } from 'node:crypto';
import { generateCallbackSecret, generateWebhookSecret, openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the secret in the clear', () => {
    const secret = generateWebhookSecret();
    const sealed = sealSecret(key, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealSecret(key, secret)).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe(secret);
  });

  it('refuses a value sealed with another key', () => {
    expect(() => openSecret(randomBytes(32), sealSecret(key, 'x'))).toThrow();
  });

  it('generates prefixed base62 secrets', () => {
    expect(generateWebhookSecret()).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(generateCallbackSecret()).toMatch(/^whcs_[0-9A-Za-z]{32}$/);
  });
});
