import { credentialProblem, isSha256Hex, randomBase62, sha256Hex } from './secrets';

describe('secrets', () => {
  it('hash to lowercase SHA-256 hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(isSha256Hex(sha256Hex('abc'))).toBe(true);
    expect(isSha256Hex('BA7816BF')).toBe(false);
    expect(isSha256Hex(42)).toBe(false);
  });

  it('are drawn from base62 at the requested length', () => {
    expect(randomBase62(0)).toBe('');
    expect(randomBase62(64)).toMatch(/^[0-9A-Za-z]{64}$/);
  });

  it('say why a credential stopped working, revocation first', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const past = new Date('2029-01-01T00:00:00Z');
    const future = new Date('2031-01-01T00:00:00Z');
    expect(credentialProblem({ expiresAt: null, revokedAt: null }, now)).toBeNull();
    expect(credentialProblem({ expiresAt: future, revokedAt: null }, now)).toBeNull();
    expect(credentialProblem({ expiresAt: past, revokedAt: null }, now)).toBe('expired');
    expect(credentialProblem({ expiresAt: past, revokedAt: past }, now)).toBe('revoked');
  });
});
