import { storedPayload } from './oauth-adapter';

describe('what the OAuth storage keeps of a record', () => {
  it('keeps no session cookie: not as a session id, not in an interaction', () => {
    const session = { jti: 'cookie-value', uid: 'uid1', accountId: '7', exp: 2, iat: 1 };
    expect(storedPayload('cookie-value', session)).toEqual({ uid: 'uid1', accountId: '7', exp: 2, iat: 1 });
    const interaction = { jti: 'interaction-id', session: { accountId: '7', uid: 'uid1', cookie: 'cookie-value' }, exp: 2 };
    expect(JSON.stringify(storedPayload('interaction-id', interaction))).not.toContain('cookie-value');
    expect(storedPayload('interaction-id', interaction)).toEqual({ session: { accountId: '7', uid: 'uid1' }, exp: 2 });
  });

  it('keeps no token value, and everything else as it is', () => {
    expect(storedPayload('token-value', { jti: 'token-value', grantId: 'g1', scope: 'apps:read' })).toEqual({ grantId: 'g1', scope: 'apps:read' });
  });
});
