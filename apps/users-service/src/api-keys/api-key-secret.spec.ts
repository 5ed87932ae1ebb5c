import { BASE62_ALPHABET } from '../common/secrets';
import { keyFragments, maskKey, newApiKey } from './api-key-secret';

describe('API key secrets', () => {
  it('are svc_ followed by 40 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, () => newApiKey());
    for (const key of keys) expect(key).toMatch(/^svc_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('draw every base62 character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 500; i += 1) {
      for (const char of newApiKey().slice(4)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 20,000 draws over 62 symbols: about 323 each; a biased generator would starve some.
    expect(counts.size).toBe(BASE62_ALPHABET.length);
    for (const count of counts.values()) expect(count).toBeGreaterThan(200);
  });

  it('are shown as their first 12 characters, an ellipsis and their last 4', () => {
    const key = 'svc_ABCDEFGHabcdefghijklmnopqrstuvwxyz0123456789';
    const { prefix, last4 } = keyFragments(key);
    expect(prefix).toBe('svc_ABCDEFGH');
    expect(last4).toBe('6789');
    expect(maskKey(prefix, last4)).toBe('svc_ABCDEFGH...6789');
  });
});
