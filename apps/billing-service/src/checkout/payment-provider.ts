import type { CheckoutProvider, CreditPack } from '@appgen/contracts';

/** What a provider is told to open: appgen's session, the pack it sells, and where the buyer comes back to. */
export interface OpenCheckout {
  sessionId: string;
  accountId: number;
  pack: CreditPack;
  expiresAt: Date;
  /** the session's page on appgen's site, `{SITE_URL}/checkout/<session_id>` */
  returnUrl: string;
}

export interface OpenedCheckout {
  /** where the buyer pays */
  checkoutUrl: string;
  /** the provider's own id of the session (Stripe's `cs_…`), null for the sandbox */
  providerSessionId: string | null;
  expiresAt: Date;
}

/** What a provider's webhook said about one of its sessions. */
export interface PaymentNotice {
  kind: 'paid' | 'expired';
  providerSessionId: string;
  /** appgen's session id as the provider carried it back (client_reference_id), when it did */
  sessionId: string | null;
  /** the amount charged, in the currency's minor unit, and its currency (lower case, as Stripe writes it) */
  amountTotal: number | null;
  currency: string | null;
}

/**
 * One payment provider behind checkout: it opens a hosted payment for a session and can say whether one was
 * paid. Crediting is never a provider's business: billing credits a session once, whoever reports it paid.
 */
export interface PaymentProvider {
  readonly name: CheckoutProvider;
  open(checkout: OpenCheckout): Promise<OpenedCheckout>;
  /** Whether the provider's session was paid (asked when the buyer comes back before the provider's webhook). */
  isPaid(providerSessionId: string): Promise<boolean>;
}

/** A price as the packs write it ("40.00") in the currency's minor unit (4000), exactly: no floating point. */
export function minorUnits(price: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(price);
  if (!match) throw new Error(`not a price with two decimals: ${price}`);
  const [, whole = '', cents = ''] = match;
  return Number(whole) * 100 + Number(cents);
}
