import { effectiveTier } from './access-tiers';

describe('effectiveTier', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('is the granted tier while the grant runs, or when it never ends', () => {
    expect(effectiveTier({ access_tier: 'pro', tier_expires_at: '2026-11-25T12:00:01.000Z' }, now)).toBe('pro');
    expect(effectiveTier({ access_tier: 'enterprise', tier_expires_at: null }, now)).toBe('enterprise');
  });

  it('falls back to free from the moment the grant expires', () => {
    expect(effectiveTier({ access_tier: 'pro', tier_expires_at: '2026-11-25T12:00:00.000Z' }, now)).toBe('free');
    expect(effectiveTier({ access_tier: 'premium', tier_expires_at: '2026-01-01T00:00:00.000Z' }, now)).toBe('free');
  });
});
