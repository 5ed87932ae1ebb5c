import { GRANT_DESCRIPTIONS, GRANTS, narrowestScopeCovering, scopeWithinGrants, SCOPE_GRANTS } from './permissions';

describe('permissions', () => {
  it('has one sentence for every grant, the scope list OAuth publishes', () => {
    expect(Object.keys(GRANT_DESCRIPTIONS).sort()).toEqual([...GRANTS].sort());
    for (const grant of GRANTS) expect(GRANT_DESCRIPTIONS[grant]).toMatch(/^[A-Z].+\.$/);
  });

  it('lets a credential manage only keys whose grants it holds itself', () => {
    expect(scopeWithinGrants('read_only', SCOPE_GRANTS.read_only)).toBe(true);
    expect(scopeWithinGrants('read_write', SCOPE_GRANTS.read_only)).toBe(false);
    expect(scopeWithinGrants('full_access', SCOPE_GRANTS.full_access)).toBe(true);
    // An OAuth token with some read scopes holds less than read_only.
    expect(scopeWithinGrants('read_only', ['apps:read', 'webhooks:read'])).toBe(false);
    // A family grant holds its members.
    expect(scopeWithinGrants('read_only', ['apps:read', 'users:*', 'analytics:read', 'webhooks:*'])).toBe(true);
  });

  it('labels grants with the narrowest API-key scope covering them', () => {
    expect(narrowestScopeCovering([])).toBe('read_only');
    expect(narrowestScopeCovering(['apps:read'])).toBe('read_only');
    expect(narrowestScopeCovering(['apps:read', 'webhooks:write'])).toBe('read_write');
    expect(narrowestScopeCovering(['generation:queue'])).toBe('full_access');
    expect(narrowestScopeCovering(['users:*'])).toBe('full_access');
  });
});
