import { StringEnum } from './schema';

/** An app user's access tiers (contract, "App user"), lowest first; `free` is the default and what an expired grant falls back to. */
export const ACCESS_TIERS = ['free', 'basic', 'pro', 'premium', 'enterprise'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];
export const AccessTier = StringEnum(ACCESS_TIERS);

/** The tier that applies at `now`: the one granted, or `free` once its `tier_expires_at` has passed (decisions.md, "App users"). */
export function effectiveTier(grant: { access_tier: AccessTier; tier_expires_at: string | null }, now: Date = new Date()): AccessTier {
  return grant.tier_expires_at !== null && Date.parse(grant.tier_expires_at) <= now.getTime() ? 'free' : grant.access_tier;
}
