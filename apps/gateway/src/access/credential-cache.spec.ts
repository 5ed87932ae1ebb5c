import { BoundedTtlCache } from './bounded-ttl-cache';
import { presentedCredential } from './presented-credential';

describe('BoundedTtlCache', () => {
  it('forgets an entry once it expires', () => {
    const cache = new BoundedTtlCache<string>(10);
    cache.set('a', 'caller', 1_000);
    expect(cache.get('a', 999)).toBe('caller');
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new BoundedTtlCache<number>(2);
    cache.set('a', 1, Infinity);
    cache.set('b', 2, Infinity);
    cache.get('a');
    cache.set('c', 3, Infinity);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('keeps an entry read regularly through a flood of new ones', () => {
    const cache = new BoundedTtlCache<number>(100);
    cache.set('hot', 0, Infinity);
    for (let i = 1; i <= 1_000; i += 1) {
      cache.set(`cold-${i}`, i, Infinity);
      // Read once per 40 writes, less than half the capacity.
      if (i % 40 === 0) expect(cache.get('hot')).toBe(0);
    }
    expect(cache.get('hot')).toBe(0);
    expect(cache.get('cold-1')).toBeUndefined();
    expect(cache.size).toBe(100);
  });

  it('evicts entries by what they hold (a revoked key id)', () => {
    const cache = new BoundedTtlCache<{ keyId: number | null }>(10);
    cache.set('h1', { keyId: 1 }, Infinity);
    cache.set('h2', { keyId: 2 }, Infinity);
    cache.set('h3', { keyId: null }, Infinity);
    expect(cache.deleteWhere((caller) => caller.keyId === 1)).toBe(1);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toEqual({ keyId: 2 });
  });
});

describe('presentedCredential', () => {
  it('reads an API key from X-API-Key or a bearer header, and an access token from a bearer header', () => {
    expect(presentedCredential({ 'x-api-key': 'svc_abc' })).toEqual({ kind: 'api_key', secret: 'svc_abc' });
    expect(presentedCredential({ authorization: 'Bearer svc_abc' })).toEqual({ kind: 'api_key', secret: 'svc_abc' });
    expect(presentedCredential({ authorization: 'bearer at_xyz' })).toEqual({ kind: 'access_token', secret: 'at_xyz' });
  });

  it('reads an OAuth access token (43 base64url characters) from a bearer header', () => {
    // What the authorization server issues: 256 random bits as base64url.
    const token = Buffer.alloc(32, 0xfb).toString('base64url');
    expect(token).toHaveLength(43);
    expect(token).toContain('-');
    expect(presentedCredential({ authorization: `Bearer ${token}` })).toEqual({ kind: 'oauth_token', secret: token });
    expect(presentedCredential({ authorization: `Bearer ${token}x` }).kind).toBe('malformed');
    expect(presentedCredential({ authorization: `Bearer ${token.slice(0, 42)}.` }).kind).toBe('malformed');
  });

  it('tells a missing credential from a malformed one', () => {
    expect(presentedCredential({})).toEqual({ kind: 'none' });
    expect(presentedCredential({ 'x-api-key': 'sk_live_123' }).kind).toBe('malformed');
    expect(presentedCredential({ authorization: 'Basic dXNlcjpwYXNz' }).kind).toBe('malformed');
    expect(presentedCredential({ authorization: 'Bearer something_else' }).kind).toBe('malformed');
  });
});
