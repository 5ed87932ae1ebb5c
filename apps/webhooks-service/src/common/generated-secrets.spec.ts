import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '@appgen/service-kit';
import { generateCallbackSecret, generateWebhookSecret } from './generated-secrets';

describe('generated secrets', () => {
  it('are prefixed base62, all different', () => {
    expect(generateWebhookSecret()).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(generateCallbackSecret()).toMatch(/^whcs_[0-9A-Za-z]{32}$/);
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
  });

  it('are stored sealed, never in the clear', () => {
    const key = randomBytes(32);
    const secret = generateWebhookSecret();
    const sealed = sealSecret(key, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret(key, sealed)).toBe(secret);
  });
});
