import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { CLAIM_CONFIG, type ClaimConfig } from './config/claim.config';

@Module({})
export class AppModule {
  static forConfig(config: ClaimConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'claim-service', config }),
        // No tables yet: booting still creates the schema and its migrations table, so the first
        // feature's migration lands in a schema that already exists under this service's control.
        DatabaseModule.forService({ schema: 'claim', entities: [], migrations: [] }),
      ],
      providers: [{ provide: CLAIM_CONFIG, useValue: config }],
      exports: [CLAIM_CONFIG],
      global: true,
    };
  }
}
