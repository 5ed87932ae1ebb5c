import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { BILLING_CONFIG, type BillingConfig } from './config/billing.config';

@Module({})
export class AppModule {
  static forConfig(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'billing-service', config }),
        // No tables yet: booting still creates the schema and its migrations table, so the first
        // feature's migration lands in a schema that already exists under this service's control.
        DatabaseModule.forService({ schema: 'billing', entities: [], migrations: [] }),
      ],
      providers: [{ provide: BILLING_CONFIG, useValue: config }],
      exports: [BILLING_CONFIG],
      global: true,
    };
  }
}
