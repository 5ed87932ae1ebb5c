import type { ApiKeyScope, Grant } from './permissions';

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Requests per minute per account, by plan (contract section 8). */
export const PLAN_RATE_LIMITS: Readonly<Record<Plan, number>> = { free: 60, pro: 300, enterprise: 1000 };

/**
 * Who is calling: resolved by the gateway from an API key or bearer token and passed in every
 * request payload, so a handler can check ownership itself.
 */
export interface Caller {
  accountId: number;
  email: string;
  plan: Plan;
  /** The API key used, or null for an OAuth/magic-code bearer token. */
  keyId: number | null;
  /** The key's scope; bearer tokens act with full_access. */
  scope: ApiKeyScope;
  grants: Grant[];
}

export interface CallerRequest {
  caller: Caller;
}
