import { sha256Hex } from '../common/secrets';
import { checkSignInCode, hashSignInCode, newAccessToken, newSignInCode, SIGN_IN_CODE_TTL_MS } from './sign-in-code';

describe('sign-in codes', () => {
  const KEY = Buffer.alloc(32, 7);
  const now = new Date('2030-01-01T12:00:00Z');
  const stored = (overrides: Partial<{ failedAttempts: number; expiresAt: Date }> = {}) => ({
    codeHash: hashSignInCode(KEY, 7, '042917'),
    failedAttempts: 0,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
    ...overrides,
  });

  it('are six digits, leading zeros included', () => {
    for (let i = 0; i < 500; i += 1) expect(newSignInCode()).toMatch(/^\d{6}$/);
  });

  it('are hashed per account, so one account’s hash does not match another’s', () => {
    expect(hashSignInCode(KEY, 7, '042917')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSignInCode(KEY, 7, '042917')).not.toBe(hashSignInCode(KEY, 8, '042917'));
  });

  it('are keyed, so a database reader without the key cannot try the million codes against a hash', () => {
    const owner = 7;
    const hash = hashSignInCode(KEY, owner, '042917');
    expect(hash).not.toBe(sha256Hex(`${owner}:042917`));
    expect(hash).not.toBe(hashSignInCode(Buffer.alloc(32, 8), owner, '042917'));
    // without SECRETS_KEY the plain digest is kept, so a service started without it still signs people in
    expect(hashSignInCode(null, owner, '042917')).toBe(sha256Hex(`${owner}:042917`));
  });

  it('accept the right code until they expire', () => {
    expect(checkSignInCode(stored(), hashSignInCode(KEY, 7, '042917'), now)).toBe('valid');
    expect(checkSignInCode(stored(), hashSignInCode(KEY, 7, '042918'), now)).toBe('wrong');
    expect(checkSignInCode(stored({ expiresAt: now }), hashSignInCode(KEY, 7, '042917'), now)).toBe('expired');
  });

  it('refuse even the right code once five wrong tries burned it', () => {
    expect(checkSignInCode(stored({ failedAttempts: 4 }), hashSignInCode(KEY, 7, '042917'), now)).toBe('valid');
    expect(checkSignInCode(stored({ failedAttempts: 5 }), hashSignInCode(KEY, 7, '042917'), now)).toBe('burned');
  });

  it('lead to at_ access tokens', () => {
    expect(newAccessToken()).toMatch(/^at_[0-9A-Za-z]{40}$/);
  });
});
