import { Closed, Nullable, StringEnum, Type, type Static } from './schema';
import { MAX_INTEGER_ID } from './limits';
import { API_KEY_SCOPES, GRANTS } from './permissions';

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Requests per minute per account, by plan (contract section 8). */
export const PLAN_RATE_LIMITS: Readonly<Record<Plan, number>> = { free: 60, pro: 300, enterprise: 1000 };

/**
 * The owner of an app no account owns yet: an anonymous build until it is claimed (decisions.md "Anonymous builds
 * and claims"). Account ids start at 1, so no account is ever this one; only claim-service acts as it.
 */
export const UNCLAIMED_ACCOUNT_ID = 0;

/** The account a record belongs to: an account's id, or UNCLAIMED_ACCOUNT_ID for an anonymous build's. */
export const OwnerAccountId = Type.Integer({ minimum: UNCLAIMED_ACCOUNT_ID, maximum: MAX_INTEGER_ID });

/**
 * Who is calling: resolved by the gateway from an API key or bearer token and passed in every
 * request payload, so a handler can check ownership itself.
 */
export const Caller = Closed({
  accountId: OwnerAccountId,
  email: Type.String(),
  plan: StringEnum(PLANS),
  /** the API key used, or null for an OAuth/magic-code bearer token */
  keyId: Nullable(Type.Integer({ minimum: 1 })),
  /** the key's scope; a sign-in token acts with full_access; an OAuth token: the narrowest scope covering its grants (a label only) */
  scope: StringEnum(API_KEY_SCOPES),
  grants: Type.Array(StringEnum(GRANTS)),
});
export type Caller = Static<typeof Caller>;

/** The fields every request made on behalf of an account carries. */
export const CallerFields = { caller: Caller };
export const CallerRequest = Closed(CallerFields);
export type CallerRequest = Static<typeof CallerRequest>;

/**
 * The client's Idempotency-Key, passed on by the gateway to a service whose work must recognise a retry itself. The
 * gateway forgets a key whose request failed with a 5xx (a 504 while a service was slow or restarting), so the retry
 * reaches the service again, which answers what the first attempt did instead of doing it twice. Keys are per
 * account: two accounts' keys never meet.
 */
export const ClientRequestKey = Type.String({ minLength: 1, maxLength: 255 });

/** How long an Idempotency-Key is remembered (decisions.md: 24 hours); after that the same key is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
