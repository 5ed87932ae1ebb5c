import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { BILLING_CONFIG, type BillingConfig } from './config/billing.config';
import { CheckoutModule } from './checkout/checkout.module';
import { CreditsModule } from './credits/credits.module';
import { CreateCreditLedger1763800000000 } from './migrations/1763800000000-create-credit-ledger';
import { CreateCheckoutSessions1764200000000 } from './migrations/1764200000000-create-checkout-sessions';

@Module({})
export class AppModule {
  static forConfig(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'billing-service', config }),
        DatabaseModule.forService({ schema: 'billing', entities: [], migrations: [CreateCreditLedger1763800000000, CreateCheckoutSessions1764200000000] }),
        CreditsModule,
        CheckoutModule,
      ],
      providers: [{ provide: BILLING_CONFIG, useValue: config }],
      exports: [BILLING_CONFIG],
      global: true,
    };
  }
}
