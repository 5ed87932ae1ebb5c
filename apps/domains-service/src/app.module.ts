import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { DOMAINS_CONFIG, type DomainsConfig } from './config/domains.config';

@Module({})
export class AppModule {
  static forConfig(config: DomainsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'domains-service', config }),
        // No tables yet: booting still creates the schema and its migrations table, so the first
        // feature's migration lands in a schema that already exists under this service's control.
        DatabaseModule.forService({ schema: 'domains', entities: [], migrations: [] }),
      ],
      providers: [{ provide: DOMAINS_CONFIG, useValue: config }],
      exports: [DOMAINS_CONFIG],
      global: true,
    };
  }
}
