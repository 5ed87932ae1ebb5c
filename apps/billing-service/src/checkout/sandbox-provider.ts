import type { OpenCheckout, OpenedCheckout, PaymentProvider } from './payment-provider';

/**
 * The built-in checkout (decisions.md: when no Stripe key is configured): the buyer pays on appgen's own page,
 * `{SITE_URL}/checkout/<session_id>`, served by the gateway, with the sandbox's test cards (sandbox-card.ts).
 * There is no one else to ask: a sandbox session is paid exactly when its page took the test card.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  open(checkout: OpenCheckout): Promise<OpenedCheckout> {
    return Promise.resolve({ checkoutUrl: checkout.returnUrl, providerSessionId: null, expiresAt: checkout.expiresAt });
  }

  isPaid(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
