import { randomBytes } from 'node:crypto';
import type { CheckoutProvider, CheckoutSessionStatus, CheckoutSessionView, CreditPack, CreditPackName } from '@appgen/contracts';

/** A row of `checkout_sessions` as stored. */
export interface CheckoutSessionRow {
  id: string;
  account_id: number;
  pack_name: CreditPackName;
  amount_cents: number;
  currency: CreditPack['currency'];
  credits: number;
  provider: CheckoutProvider;
  provider_session_id: string | null;
  checkout_url: string;
  status: CheckoutSessionStatus;
  expires_at: Date;
  paid_at: Date | null;
}

/** `chk_` + 24 URL-safe characters from 18 random bytes: the page's address is the session's only key. */
export function newCheckoutSessionId(): string {
  return `chk_${randomBytes(18).toString('base64url')}`;
}

/** Minor units back to the packs' notation: 4000 → "40.00". */
export function priceOf(amountCents: number): string {
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/** An open session past its expiry is expired, whether or not the row says so yet. */
export function statusAt(row: Pick<CheckoutSessionRow, 'status' | 'expires_at'>, now: Date): CheckoutSessionStatus {
  return row.status === 'open' && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

/** The session as its page shows it: the pack it sells as it was sold, never the account. */
export function viewOf(row: CheckoutSessionRow, now = new Date()): CheckoutSessionView {
  return {
    id: row.id,
    provider: row.provider,
    status: statusAt(row, now),
    pack: { name: row.pack_name, price: priceOf(row.amount_cents), currency: row.currency, credits: row.credits },
    checkout_url: row.checkout_url,
    expires_at: row.expires_at.toISOString(),
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
  };
}
