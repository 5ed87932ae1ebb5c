import { claimTokenHash, claimTokenMatches, newClaimToken } from './claim-token';

describe('claim tokens', () => {
  it('are clm_ and 43 base64url characters, each one new', () => {
    const token = newClaimToken();
    expect(token).toMatch(/^clm_[A-Za-z0-9_-]{43}$/);
    expect(newClaimToken()).not.toBe(token);
  });

  it('are stored as their SHA-256 only', () => {
    const token = newClaimToken();
    expect(claimTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(claimTokenHash(token)).not.toContain(token.slice(4));
  });

  it('match only the token whose hash is stored, whatever is sent', () => {
    const token = newClaimToken();
    const stored = claimTokenHash(token);
    expect(claimTokenMatches(token, stored)).toBe(true);
    for (const other of [newClaimToken(), token.slice(0, -1), `${token}x`, 'clm_ünïcødé🙂', ' ', token.toUpperCase()]) {
      expect(claimTokenMatches(other, stored)).toBe(false);
    }
  });
});
