import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { AppgenError } from '@appgen/service-kit';
import { minorUnits, type OpenCheckout, type OpenedCheckout, type PaymentNotice, type PaymentProvider } from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** another address for Stripe's API (a stand-in in tests); Stripe's own when absent */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The events that move a session: paid at once (cards), paid later (async methods), or expired unpaid. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const EXPIRED_EVENT = 'checkout.session.expired';

/**
 * Stripe Checkout through the official SDK: a Checkout Session in payment mode priced from the pack
 * (price_data, so nothing needs creating in Stripe's dashboard), carrying appgen's session id
 * (client_reference_id and metadata) and returning the buyer to appgen's page of the session. Stripe's webhook
 * says when it is paid; its signature is checked over the raw body with the endpoint's signing secret.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly log = new Logger('StripeProvider');
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      telemetry: false,
      appInfo: { name: 'appgen' },
      ...(options.api ?? {}),
    });
  }

  async open(checkout: OpenCheckout): Promise<OpenedCheckout> {
    const { pack } = checkout;
    const metadata = { appgen_session_id: checkout.sessionId, appgen_account_id: String(checkout.accountId), pack_name: pack.name };
    const session = await this.call('create a Checkout Session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: pack.currency.toLowerCase(),
                unit_amount: minorUnits(pack.price),
                product_data: { name: `appgen ${pack.name} credit pack`, description: `${pack.credits.toLocaleString('en-US')} credits` },
              },
            },
          ],
          client_reference_id: checkout.sessionId,
          metadata,
          payment_intent_data: { metadata },
          success_url: checkout.returnUrl,
          cancel_url: checkout.returnUrl,
          expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
        },
        // A retried request (the SDK's own retries) opens one session, not two.
        { idempotencyKey: `appgen-checkout-${checkout.sessionId}` },
      ),
    );
    if (!session.url) throw this.unavailable(`Stripe answered Checkout Session ${session.id} without a url`);
    return { checkoutUrl: session.url, providerSessionId: session.id, expiresAt: new Date(session.expires_at * 1000) };
  }

  async isPaid(providerSessionId: string): Promise<boolean> {
    const session = await this.call('read a Checkout Session', () => this.stripe.checkout.sessions.retrieve(providerSessionId));
    return session.payment_status === 'paid';
  }

  /**
   * A webhook delivery, verified (400 when the signature does not match the raw body, or is too old) and read:
   * what it says about a Checkout Session's payment, or null for any other event (acknowledged, ignored).
   */
  readWebhook(payload: string, signature: string): PaymentNotice | null {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.options.webhookSecret);
    } catch (error) {
      this.log.warn(`Stripe webhook refused: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
      throw AppgenError.of('bad_request', 'The Stripe-Signature header does not match this payload');
    }
    if (!PAID_EVENTS.has(event.type) && event.type !== EXPIRED_EVENT) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    if (event.type !== EXPIRED_EVENT && session.payment_status !== 'paid') return null;
    return {
      kind: event.type === EXPIRED_EVENT ? 'expired' : 'paid',
      providerSessionId: session.id,
      sessionId: session.client_reference_id ?? session.metadata?.['appgen_session_id'] ?? null,
      amountTotal: session.amount_total ?? null,
      currency: session.currency ?? null,
    };
  }

  /** Stripe unreachable or refusing is the provider's trouble, not the caller's: 503, and the cause in the log. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.unavailable(`could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private unavailable(detail: string): AppgenError {
    this.log.error(`Stripe: ${detail}`);
    return AppgenError.of('service_unavailable', 'The payment provider could not be reached; try again in a moment');
  }
}
