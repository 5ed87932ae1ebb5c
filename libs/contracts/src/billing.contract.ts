import { CallerFields, PLANS } from './caller';
import { rpc, type RpcTypes } from './rpc';
import { FieldError } from './errors';
import { Closed, IntegerId, Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';

/*
 * Credits and checkout (decisions.md "Credits and checkout"; contract section 4.9). The packs are defined here
 * once: billing-service sells them, and the gateway publishes them in its commerce discovery files.
 */

export const CREDIT_PACK_NAMES = ['starter', 'builder', 'studio'] as const;
export type CreditPackName = (typeof CREDIT_PACK_NAMES)[number];

/** The one currency packs are priced and charged in (ISO 4217). */
export const CHECKOUT_CURRENCY = 'USD';

/** A pack's price: a decimal amount of the currency with exactly two decimals, exact as text ("40.00"). */
export const MONEY_AMOUNT_PATTERN = '^(0|[1-9][0-9]*)\\.[0-9]{2}$';

export const CreditPack = Named(
  'CreditPack',
  Closed({
    name: StringEnum(CREDIT_PACK_NAMES, { description: 'the identifier `pack_name` takes at checkout' }),
    price: Type.String({ pattern: MONEY_AMOUNT_PATTERN, description: 'in `currency`, two decimals', example: '40.00' }),
    currency: StringEnum([CHECKOUT_CURRENCY]),
    credits: Type.Integer({ minimum: 1, description: 'credits added to the balance once paid', example: 400 }),
  }),
);
export type CreditPack = Static<typeof CreditPack>;

/** Smallest first; `starter` is the contract's smallest standard pack (40.00). */
export const CREDIT_PACKS: readonly CreditPack[] = [
  { name: 'starter', price: '40.00', currency: CHECKOUT_CURRENCY, credits: 400 },
  { name: 'builder', price: '100.00', currency: CHECKOUT_CURRENCY, credits: 1100 },
  { name: 'studio', price: '250.00', currency: CHECKOUT_CURRENCY, credits: 3000 },
];

/**
 * How a pack is bought through the API: an authenticated POST naming the pack, answered with a hosted checkout
 * URL. `path` is relative to the API base (`/api/v1`). The payment declared for it (contract 4.9): a one-off
 * charge, by card, in USD.
 */
export const CREDIT_PACK_CHECKOUT = {
  method: 'POST',
  path: '/credit_packs/checkout',
  payment: { intent: 'charge', method: 'card', currency: CHECKOUT_CURRENCY },
} as const;

/** Subjects answered by billing-service (queue group `billing-service`). */
export const BillingSubjects = {
  /** an account's balance and its parts (the gateway shows it as `account.credits`) */
  balance: 'billing.credits.balance',
  /** generation-service holds credits for a job before queueing it: 402 `insufficient_credits` when they are not there */
  reserve: 'billing.credits.reserve',
  /** generation-service charges a finished job: what it used (at most what was reserved), the rest returns */
  settle: 'billing.credits.settle',
  /** generation-service gives a failed or cancelled job's reservation back */
  release: 'billing.credits.release',
  /** operators (the admin CLI) add credits to an account, or correct a balance down */
  grant: 'billing.credits.grant',
  /** GET /usage: the balance and this month's generations, credits and tokens */
  usage: 'billing.usage.get',
  /** POST /credit_packs/checkout: opens a checkout session for a pack with the configured payment provider */
  createCheckout: 'billing.checkout.create',
  /** the hosted checkout page: a session as its buyer sees it (a Stripe session is confirmed with Stripe first) */
  getCheckout: 'billing.checkout.get',
  /** the sandbox checkout page's card form: pays an open sandbox session, crediting its account once */
  paySandboxCheckout: 'billing.checkout.pay_sandbox',
  /** a Stripe webhook delivery, as received (raw body and Stripe-Signature): verified and applied by billing */
  stripeWebhook: 'billing.stripe.webhook',
} as const;

/** Credits every new account starts with (decisions.md "Accounts and sign-in"), recorded as its signup grant. */
export const SIGNUP_GRANT_CREDITS = 50;

/**
 * What a generation costs (decisions.md leaves it open; these are appgen's prices, published in the credits help
 * article). The built-in engine costs a fixed amount. An OpenAI-compatible engine reserves an estimate, and is
 * charged by the tokens it used (input and output together), rounded up, at least 1 and never more than it reserved.
 */
export const GENERATION_CREDIT_COSTS = {
  blueprint: 1,
  openai: { reserve: 10, tokensPerCredit: 10_000 },
} as const;

/** Credits an OpenAI-compatible job is charged for its tokens: rounded up, at least 1, at most the reservation. */
export function creditsForTokens(tokens: { input: number; output: number }, reserved: number): number {
  const used = Math.ceil((Math.max(0, tokens.input) + Math.max(0, tokens.output)) / GENERATION_CREDIT_COSTS.openai.tokensPerCredit);
  return Math.min(reserved, Math.max(1, used));
}

const AccountIdField = { account_id: IntegerId };
const JobIdField = { job_id: Type.String({ minLength: 1, maxLength: 64 }) };
const Credits = Type.Integer({ minimum: 0 });
export const TokensUsed = Closed({ input: Credits, output: Credits });

export const CreditBalance = Named(
  'CreditBalance',
  Closed({
    balance: Type.Integer({ minimum: 0, description: 'credits that can be spent now', example: 49 }),
    purchased: Type.Integer({ description: 'credits bought with packs, ever', example: 0 }),
    granted: Type.Integer({ description: 'credits granted (the signup grant, operator grants), ever', example: 50 }),
    used: Type.Integer({ description: 'credits spent on generations, including those held by running ones', example: 1 }),
  }),
);
export type CreditBalance = Static<typeof CreditBalance>;

export const Reservation = Closed({
  job_id: Type.String(),
  reserved: Credits,
  status: StringEnum(['reserved', 'settled', 'released'] as const),
  credits_used: Credits,
});
export type Reservation = Static<typeof Reservation>;

export const UsagePeriod = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'the calendar month (UTC) counted', example: '2026-05' });
export const UsageFigures = Closed({
  period: UsagePeriod,
  generations: Type.Integer({ minimum: 0, description: 'generations charged in the period (failed ones are refunded and not counted)' }),
  credits_used: Credits,
  tokens_used: TokensUsed,
});
export const BillingUsageResponse = Closed({ credits: CreditBalance, usage: UsageFigures });
export type BillingUsageResponse = Static<typeof BillingUsageResponse>;

/** GET /usage (decisions.md "Credits and checkout"): the plan and rate limit are the gateway's, the rest billing's. */
export const UsageResponse = Named(
  'Usage',
  Closed({
    plan: StringEnum(PLANS),
    credits: CreditBalance,
    usage: UsageFigures,
    rate_limit: Closed({
      limit: Type.Integer({ description: 'requests per minute of the plan' }),
      remaining: Type.Integer({ description: 'left in the current minute, after this request' }),
      reset: Type.Integer({ description: 'Unix time (seconds) the window starts over' }),
    }),
  }),
);
export type UsageResponse = Static<typeof UsageResponse>;

export const CreditPackList = Named('CreditPackList', Closed({ packs: Type.Array(CreditPack) }));
export type CreditPackList = Static<typeof CreditPackList>;

/*
 * Checkout (decisions.md "Credits and checkout"). A session is billing's record of one attempt to buy one pack:
 * owned by the account that opened it, paid at most once, open until it expires. Its id is the capability the
 * hosted page's address carries, so it is long and random.
 */

/** `sandbox`: appgen's own checkout page (test cards only); `stripe`: Stripe Checkout, when billing has a Stripe key. */
export const CHECKOUT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];
export const CHECKOUT_SESSION_STATUSES = ['open', 'paid', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

/** `chk_` and 24 random URL-safe characters (144 bits): the hosted page's address cannot be guessed. */
export const CHECKOUT_SESSION_ID_PATTERN = '^chk_[A-Za-z0-9_-]{24}$';
export const CheckoutSessionId = Type.String({ pattern: CHECKOUT_SESSION_ID_PATTERN, description: 'the checkout session', example: 'chk_Jx1Q2w3E4r5T6y7U8i9O0pAs' });

/** The hosted checkout page of a session, under the site root: `{SITE_URL}/checkout/<session_id>`. */
export const CHECKOUT_PAGE_PREFIX = '/checkout';
export function checkoutPagePath(sessionId: string): string {
  return `${CHECKOUT_PAGE_PREFIX}/${sessionId}`;
}

/** The sandbox's test cards (decisions.md): the one that pays and the one that is always declined. */
export const SANDBOX_TEST_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/**
 * POST /credit_packs/checkout's body. Any missing or unknown `pack_name` is answered 422 `unknown_pack` with the
 * allowed names (decisions.md), not `validation_failed`; other fields are refused as everywhere.
 */
export const CreditPackCheckoutBody = Named(
  'CreditPackCheckoutRequest',
  Closed({ pack_name: StringEnum(CREDIT_PACK_NAMES, { description: 'the pack to buy (`GET /credit_packs`)', example: 'starter' }) }),
);
export type CreditPackCheckoutBody = Static<typeof CreditPackCheckoutBody>;

/** POST /credit_packs/checkout's answer (decisions.md): where to pay, the session, the pack, and until when. */
export const CreditPackCheckout = Named(
  'CreditPackCheckout',
  Closed({
    checkout_url: Type.String({ format: 'uri', description: 'the hosted page where the buyer pays by card; open it in a browser' }),
    session_id: CheckoutSessionId,
    pack: CreditPack,
    expires_at: Type.String({ format: 'date-time', description: 'after this the session can no longer be paid; open a new one' }),
  }),
);
export type CreditPackCheckout = Static<typeof CreditPackCheckout>;

/** A session as its hosted page shows it (never its account). */
export const CheckoutSessionView = Closed({
  id: CheckoutSessionId,
  provider: StringEnum(CHECKOUT_PROVIDERS),
  status: StringEnum(CHECKOUT_SESSION_STATUSES),
  pack: CreditPack,
  checkout_url: Type.String(),
  expires_at: Timestamp,
  paid_at: Nullable(Timestamp),
});
export type CheckoutSessionView = Static<typeof CheckoutSessionView>;

/** The sandbox page's card form, as typed (the sandbox's card rules judge it, in billing-service). */
const CardField = (maxLength: number) => Type.String({ maxLength });
export const SandboxCard = Closed({ number: CardField(40), expiry: CardField(20), cvc: CardField(10), name: CardField(200) });
export type SandboxCard = Static<typeof SandboxCard>;

/** What a card did: paid; declined (the card is well formed and refused); or not a card (each wrong field). */
export const SandboxPayment = Type.Union([
  Closed({ result: Type.Literal('paid') }),
  Closed({ result: Type.Literal('declined'), message: Type.String() }),
  Closed({ result: Type.Literal('invalid'), errors: Type.Array(FieldError) }),
]);
export type SandboxPayment = Static<typeof SandboxPayment>;

/** A Stripe webhook body can be a few kilobytes; anything far larger is not one. */
export const STRIPE_WEBHOOK_MAX_BYTES = 256 * 1024;

export const OperatorGrantReason = Type.String({ minLength: 1, maxLength: 200 });

export const BILLING_RPC = {
  [BillingSubjects.balance]: rpc(Closed(AccountIdField), Closed({ credits: CreditBalance })),
  [BillingSubjects.reserve]: rpc(Closed({ ...AccountIdField, ...JobIdField, credits: Type.Integer({ minimum: 1 }) }), Closed({ reservation: Reservation, credits: CreditBalance })),
  [BillingSubjects.settle]: rpc(
    Closed({ ...AccountIdField, ...JobIdField, credits_used: Credits, tokens_used: TokensUsed }),
    Closed({ reservation: Reservation, credits: CreditBalance }),
  ),
  [BillingSubjects.release]: rpc(Closed({ ...AccountIdField, ...JobIdField }), Closed({ reservation: Reservation, credits: CreditBalance })),
  /** `credits` may be negative (a correction); the balance never goes below 0 (402 insufficient_credits) */
  [BillingSubjects.grant]: rpc(
    Closed({ ...AccountIdField, credits: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), reason: OperatorGrantReason }),
    Closed({ credits: CreditBalance }),
  ),
  [BillingSubjects.usage]: rpc(Closed({ ...CallerFields }), BillingUsageResponse),
  [BillingSubjects.createCheckout]: rpc(Closed({ ...CallerFields, pack_name: StringEnum(CREDIT_PACK_NAMES) }), CreditPackCheckout),
  /** 404 when there is no such session */
  [BillingSubjects.getCheckout]: rpc(Closed({ session_id: CheckoutSessionId }), Closed({ session: CheckoutSessionView })),
  /** 404 no such session, 409 not a sandbox session, 410 expired; an already paid session answers `paid` again */
  [BillingSubjects.paySandboxCheckout]: rpc(
    Closed({ session_id: CheckoutSessionId, card: SandboxCard }),
    Closed({ session: CheckoutSessionView, payment: SandboxPayment }),
  ),
  /** 400 when the signature does not verify, 404 when billing has no Stripe webhook secret */
  [BillingSubjects.stripeWebhook]: rpc(
    Closed({ payload: Type.String({ maxLength: STRIPE_WEBHOOK_MAX_BYTES }), signature: Type.String({ maxLength: 2048 }) }),
    Closed({ received: Type.Literal(true), credited: Type.Boolean() }),
  ),
};
export type BillingRpc = RpcTypes<typeof BILLING_RPC>;
