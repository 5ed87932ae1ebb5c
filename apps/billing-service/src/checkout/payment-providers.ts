import { Inject, Injectable } from '@nestjs/common';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing.config';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

/** The providers this process has: Stripe when it has a Stripe key (decisions.md), the sandbox always. */
@Injectable()
export class PaymentProviders {
  readonly sandbox = new SandboxProvider();
  readonly stripe: StripeProvider | null;

  constructor(@Inject(BILLING_CONFIG) config: BillingConfig) {
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_HOST: host } = config;
    this.stripe =
      secretKey && webhookSecret
        ? new StripeProvider({
            secretKey,
            webhookSecret,
            ...(host ? { api: { host, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL } } : {}),
          })
        : null;
  }

  /** The provider new sessions are opened with. */
  get current(): PaymentProvider {
    return this.stripe ?? this.sandbox;
  }
}
