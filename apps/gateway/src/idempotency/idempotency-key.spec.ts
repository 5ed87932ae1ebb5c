import { SCOPE_GRANTS, type Caller } from '@appgen/contracts';
import { clientIpHashKey, hashClientIp } from '../rate-limit/client-ip';
import { dispositionOf, idempotencyKeyOf, idempotencyScope, requestFingerprint } from './idempotency-key';
import { AppgenError } from '@appgen/service-kit';

describe('request fingerprint', () => {
  it('does not depend on the order of keys, at any depth', () => {
    const a = { name: 'Todo', settings: { theme: 'dark', flags: [{ x: 1, y: 2 }] }, visibility: 'public' };
    const b = { visibility: 'public', settings: { flags: [{ y: 2, x: 1 }], theme: 'dark' }, name: 'Todo' };
    expect(requestFingerprint('POST', '/api/v1/managed_apps', a)).toBe(requestFingerprint('POST', '/api/v1/managed_apps', b));
  });

  it('changes with any value, the order of array items, the path or the method', () => {
    const base = requestFingerprint('POST', '/api/v1/managed_apps', { name: 'Todo', tags: ['a', 'b'] });
    expect(requestFingerprint('POST', '/api/v1/managed_apps', { name: 'Todo!', tags: ['a', 'b'] })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/v1/managed_apps', { name: 'Todo', tags: ['b', 'a'] })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/v1/api_keys', { name: 'Todo', tags: ['a', 'b'] })).not.toBe(base);
    expect(requestFingerprint('PUT', '/api/v1/managed_apps', { name: 'Todo', tags: ['a', 'b'] })).not.toBe(base);
  });

  it('tells types apart and no body from a null body, and ignores the query string', () => {
    expect(requestFingerprint('POST', '/api/v1/accounts', { n: 1 })).not.toBe(requestFingerprint('POST', '/api/v1/accounts', { n: '1' }));
    expect(requestFingerprint('POST', '/api/v1/accounts', undefined)).not.toBe(requestFingerprint('POST', '/api/v1/accounts', null));
    expect(requestFingerprint('POST', '/api/v1/accounts?x=1', { email: 'a@b.co' })).toBe(requestFingerprint('POST', '/api/v1/accounts', { email: 'a@b.co' }));
  });
});

describe('Idempotency-Key header', () => {
  it('is optional', () => {
    expect(idempotencyKeyOf({})).toBeUndefined();
  });

  it.each(['a', 'order-2024-06-01:42', ' spaces and ~!@#$%^&*() ', 'k'.repeat(255)])('accepts %j', (key) => {
    expect(idempotencyKeyOf({ 'idempotency-key': key })).toBe(key);
  });

  it.each(['', 'k'.repeat(256), 'naïve', 'tab\there', 'new\nline', 'snow☃'])('refuses %j with 422 naming the header', (key) => {
    let thrown: unknown;
    try {
      idempotencyKeyOf({ 'idempotency-key': key });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppgenError);
    const error = thrown as AppgenError;
    expect(error.status).toBe(422);
    expect(error.body).toEqual({
      error: 'validation_failed',
      message: expect.stringContaining('Idempotency-Key'),
      errors: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }],
    });
  });
});

describe('idempotency scope', () => {
  const caller: Caller = { accountId: 7, plan: 'free', scope: 'full_access', grants: [...SCOPE_GRANTS.full_access], keyId: 3, email: 'a@b.co' };

  it('is the account for a caller, whatever its address', () => {
    expect(idempotencyScope(caller, '10.0.0.1')).toBe('acct:7');
    expect(idempotencyScope(caller, '10.0.0.2')).toBe('acct:7');
  });

  it('is the keyed hash of the client IP without one, never the IP itself', () => {
    const key = clientIpHashKey(Buffer.alloc(32, 1));
    const scope = idempotencyScope(null, hashClientIp('203.0.113.9', key));
    expect(scope).toMatch(/^ip:[0-9a-f]{64}$/);
    expect(scope).not.toContain('203.0.113.9');
    expect(idempotencyScope(null, hashClientIp('203.0.113.10', key))).not.toBe(scope);
  });
});

describe('which responses are kept for replay', () => {
  it.each([200, 201, 202, 204, 400, 402, 404, 409, 410, 413, 415, 422])('keeps %i', (status) => {
    expect(dispositionOf(status)).toBe('record');
  });

  it.each([401, 403, 429, 500, 502, 503, 504, 301])('releases the key on %i so a retry runs again', (status) => {
    expect(dispositionOf(status)).toBe('release');
  });
});
