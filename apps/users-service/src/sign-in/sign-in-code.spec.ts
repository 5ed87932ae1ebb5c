import { checkSignInCode, hashSignInCode, newAccessToken, newSignInCode, SIGN_IN_CODE_TTL_MS } from './sign-in-code';

describe('sign-in codes', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const stored = (overrides: Partial<{ failedAttempts: number; expiresAt: Date }> = {}) => ({
    codeHash: hashSignInCode(7, '042917'),
    failedAttempts: 0,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
    ...overrides,
  });

  it('are six digits, leading zeros included', () => {
    for (let i = 0; i < 500; i += 1) expect(newSignInCode()).toMatch(/^\d{6}$/);
  });

  it('are hashed per account, so one account’s hash does not match another’s', () => {
    expect(hashSignInCode(7, '042917')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSignInCode(7, '042917')).not.toBe(hashSignInCode(8, '042917'));
  });

  it('accept the right code until they expire', () => {
    expect(checkSignInCode(stored(), hashSignInCode(7, '042917'), now)).toBe('valid');
    expect(checkSignInCode(stored(), hashSignInCode(7, '042918'), now)).toBe('wrong');
    expect(checkSignInCode(stored({ expiresAt: now }), hashSignInCode(7, '042917'), now)).toBe('expired');
  });

  it('refuse even the right code once five wrong tries burned it', () => {
    expect(checkSignInCode(stored({ failedAttempts: 4 }), hashSignInCode(7, '042917'), now)).toBe('valid');
    expect(checkSignInCode(stored({ failedAttempts: 5 }), hashSignInCode(7, '042917'), now)).toBe('burned');
  });

  it('lead to at_ access tokens', () => {
    expect(newAccessToken()).toMatch(/^at_[0-9A-Za-z]{40}$/);
  });
});
