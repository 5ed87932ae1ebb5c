import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from './config/webhooks.config';

@Module({})
export class AppModule {
  static forConfig(config: WebhooksConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'webhooks-service', config }),
        // No tables yet: booting still creates the schema and its migrations table, so the first
        // feature's migration lands in a schema that already exists under this service's control.
        DatabaseModule.forService({ schema: 'webhooks', entities: [], migrations: [] }),
      ],
      providers: [{ provide: WEBHOOKS_CONFIG, useValue: config }],
      exports: [WEBHOOKS_CONFIG],
      global: true,
    };
  }
}
