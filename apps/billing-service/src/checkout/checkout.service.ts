import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  checkoutPagePath,
  CREDIT_PACKS,
  type CheckoutSessionView,
  type CreditPackCheckout,
  type CreditPackName,
  type SandboxCard,
  type SandboxPayment,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing.config';
import { CreditsService } from '../credits/credits.service';
import { newCheckoutSessionId, statusAt, viewOf, type CheckoutSessionRow } from './checkout-session';
import { minorUnits } from './payment-provider';
import { PaymentProviders } from './payment-providers';
import { chargeSandboxCard } from './sandbox-card';

const MINUTE_MS = 60_000;

/**
 * Checkout sessions: opened with the configured provider, shown on their hosted page, paid at most once. However
 * a payment is reported (the sandbox page's form, Stripe's webhook, the buyer returning from Stripe), it goes
 * through complete(): one transaction that marks the session paid and appends the ledger's purchase entry,
 * which the database lets exist once per session.
 */
@Injectable()
export class CheckoutService {
  private readonly log = new Logger('CheckoutService');
  private readonly siteUrl: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly credits: CreditsService,
    private readonly providers: PaymentProviders,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {
    this.siteUrl = config.SITE_URL.replace(/\/+$/, '');
  }

  async create(accountId: number, packName: CreditPackName, now = new Date()): Promise<CreditPackCheckout> {
    const pack = CREDIT_PACKS.find((candidate) => candidate.name === packName);
    if (!pack) throw AppgenError.of('unknown_pack', `There is no pack ${packName}`, { errors: [{ field: 'pack_name', message: 'is not a pack' }], allowed: CREDIT_PACKS.map((p) => p.name) });
    // The session belongs to the account's credit row; asking for the balance makes it (with the signup grant) on first sight.
    await this.credits.balance(accountId);
    const sessionId = newCheckoutSessionId();
    const provider = this.providers.current;
    const opened = await provider.open({
      sessionId,
      accountId,
      pack,
      expiresAt: new Date(now.getTime() + this.config.CHECKOUT_SESSION_TTL_MINUTES * MINUTE_MS),
      returnUrl: `${this.siteUrl}${checkoutPagePath(sessionId)}`,
    });
    await this.dataSource.query(
      `INSERT INTO checkout_sessions (id, account_id, pack_name, amount_cents, currency, credits, provider, provider_session_id, checkout_url, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [sessionId, accountId, pack.name, minorUnits(pack.price), pack.currency, pack.credits, provider.name, opened.providerSessionId, opened.checkoutUrl, opened.expiresAt],
    );
    return { checkout_url: opened.checkoutUrl, session_id: sessionId, pack, expires_at: opened.expiresAt.toISOString() };
  }

  /** The session for its page. A Stripe session still open is confirmed with Stripe: the buyer may be back before the webhook. */
  async get(sessionId: string): Promise<CheckoutSessionView> {
    let row = await this.find(sessionId);
    if (row.status === 'open' && row.provider === 'stripe' && row.provider_session_id && this.providers.stripe) {
      try {
        if (await this.providers.stripe.isPaid(row.provider_session_id)) row = (await this.complete(row.id, { honourExpiry: false }))?.row ?? row;
      } catch (error) {
        // Stripe's webhook will still say so; the page shows the session as open meanwhile.
        this.log.warn(`checkout session ${row.id} not confirmed with Stripe: ${String(error)}`);
      }
    }
    if (statusAt(row, new Date()) === 'expired' && row.status === 'open') row = await this.expire(row.id, row);
    return viewOf(row);
  }

  /** The sandbox page's form: the card is judged by the sandbox's rules; the test card pays the session, once. */
  async paySandbox(sessionId: string, card: SandboxCard): Promise<{ session: CheckoutSessionView; payment: SandboxPayment }> {
    const row = await this.find(sessionId);
    if (row.provider !== 'sandbox') throw AppgenError.of('conflict', `Checkout session ${sessionId} is paid with ${row.provider}, not on the sandbox page`);
    if (row.status === 'paid') return { session: viewOf(row), payment: { result: 'paid' } };
    if (statusAt(row, new Date()) === 'expired') throw this.gone(sessionId);
    const payment = chargeSandboxCard(card);
    if (payment.result !== 'paid') return { session: viewOf(row), payment };
    const completed = await this.complete(row.id, { honourExpiry: true });
    // It expired between the read and the payment: nothing was charged or credited.
    if (!completed) throw this.gone(sessionId);
    return { session: viewOf(completed.row), payment };
  }

  /** A Stripe webhook delivery: verified by the Stripe adapter, then applied to the session it names. */
  async onStripeWebhook(payload: string, signature: string): Promise<{ received: true; credited: boolean }> {
    const stripe = this.providers.stripe;
    if (!stripe) throw AppgenError.of('not_found', 'This server does not take payments with Stripe');
    const notice = stripe.readWebhook(payload, signature);
    if (!notice) return { received: true, credited: false };
    const rows: CheckoutSessionRow[] = await this.dataSource.query(
      `SELECT * FROM checkout_sessions WHERE provider = 'stripe' AND provider_session_id = $1`,
      [notice.providerSessionId],
    );
    const row = rows[0];
    // Acknowledged all the same: Stripe would otherwise retry for days a delivery that can never apply.
    if (!row || (notice.sessionId !== null && notice.sessionId !== row.id)) {
      this.log.warn(`Stripe webhook about ${notice.providerSessionId}, which is no checkout session of this server`);
      return { received: true, credited: false };
    }
    if (notice.kind === 'expired') {
      if (row.status === 'open') await this.expire(row.id, row);
      return { received: true, credited: false };
    }
    if (notice.amountTotal !== row.amount_cents || notice.currency !== row.currency.toLowerCase()) {
      this.log.error(`Stripe reports ${row.id} paid with ${notice.amountTotal} ${notice.currency}, not ${row.amount_cents} ${row.currency}: not credited`);
      return { received: true, credited: false };
    }
    // Paid at Stripe is paid, even past appgen's expiry: the money was taken.
    const completed = await this.complete(row.id, { honourExpiry: false });
    return { received: true, credited: completed?.credited ?? false };
  }

  /**
   * Marks the session paid and credits its account, in one transaction. Concurrent calls for one session queue
   * on its row; whichever comes second finds the purchase entry there and credits nothing. With `honourExpiry`,
   * an expired session is left as it is (null).
   */
  private complete(sessionId: string, { honourExpiry }: { honourExpiry: boolean }): Promise<{ row: CheckoutSessionRow; credited: boolean } | null> {
    const stillPayable = honourExpiry ? `AND (status = 'paid' OR (status = 'open' AND expires_at > now()))` : '';
    return this.dataSource.transaction(async (manager) => {
      // For UPDATE the postgres driver answers [returned rows, affected count].
      const [[row]] = await manager.query<[CheckoutSessionRow[], number]>(
        `UPDATE checkout_sessions SET status = 'paid', paid_at = coalesce(paid_at, now()) WHERE id = $1 ${stillPayable} RETURNING *`,
        [sessionId],
      );
      if (!row) return null;
      const { credited } = await this.credits.purchase(manager, row.account_id, row.id, row.credits);
      if (credited) this.log.log(`checkout session ${row.id} paid (${row.provider}): ${row.credits} credits to account ${row.account_id}`);
      return { row, credited };
    });
  }

  private async expire(sessionId: string, fallback: CheckoutSessionRow): Promise<CheckoutSessionRow> {
    const [rows]: [CheckoutSessionRow[], number] = await this.dataSource.query(
      `UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open' RETURNING *`,
      [sessionId],
    );
    // Paid meanwhile: the row as it now is.
    return rows[0] ?? (await this.find(sessionId).catch(() => fallback));
  }

  private async find(sessionId: string): Promise<CheckoutSessionRow> {
    const rows: CheckoutSessionRow[] = await this.dataSource.query('SELECT * FROM checkout_sessions WHERE id = $1', [sessionId]);
    const row = rows[0];
    if (!row) throw AppgenError.notFound('Checkout session', sessionId);
    return row;
  }

  private gone(sessionId: string): AppgenError {
    return AppgenError.of('gone', `Checkout session ${sessionId} has expired; open a new one with POST /api/v1/credit_packs/checkout`);
  }
}
