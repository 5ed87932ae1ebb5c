import { Closed, Named, StringEnum, Type, type Static } from './schema';

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
