import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './config';
import { openSecret, sealSecret, secretsKeyEnv, secretsKeyOf } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);

  it('round-trips any UTF-8 text and never stores it in the clear', () => {
    for (const plain of ['whsec_0123456789abcdefABCDEF0123456789', 'Grüße, 世界 🌍\nline two', '']) {
      const sealed = sealSecret(key, plain);
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
      if (plain) expect(sealed).not.toContain(Buffer.from(plain).toString('base64').slice(0, 8));
      expect(openSecret(key, sealed)).toBe(plain);
    }
    // a fresh nonce each time: the same value never seals to the same text
    expect(sealSecret(key, 'same')).not.toBe(sealSecret(key, 'same'));
  });

  it('refuses a value sealed with another key, altered, or in an unknown format', () => {
    expect(() => openSecret(randomBytes(32), sealSecret(key, 'x'))).toThrow();
    const sealed = sealSecret(key, 'a longer secret value');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => openSecret(key, `v1.${raw.toString('base64')}`)).toThrow();
    expect(() => openSecret(key, 'plain text')).toThrow('unknown secret format');
  });

  it('takes SECRETS_KEY as base64 of exactly 32 bytes and names it otherwise', () => {
    const problems: string[] = [];
    expect(secretsKeyOf(key.toString('base64'), problems).equals(key)).toBe(true);
    expect(problems).toEqual([]);
    secretsKeyOf(randomBytes(16).toString('base64'), problems);
    expect(problems).toEqual(['SECRETS_KEY must be base64 of exactly 32 bytes']);
    expect(() => loadConfig({ SECRETS_KEY: secretsKeyEnv('seals test values') }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ SECRETS_KEY: secretsKeyEnv('seals test values') }, {})).toThrow(/SECRETS_KEY is required \(base64 of 32 random bytes; seals test values \(AES-256-GCM\)\)/);
  });
});
