import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { AppDeletionModule } from './app-deletion/app-deletion.module';
import { DOMAINS_CONFIG, type DomainsConfig } from './config/domains.config';
import { CustomDomainEntity } from './custom-domains/custom-domain.entity';
import { CustomDomainsModule } from './custom-domains/custom-domains.module';
import { DOMAINS_MIGRATIONS } from './migrations';

@Module({})
export class AppModule {
  static forConfig(config: DomainsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'domains-service', config }),
        DatabaseModule.forService({ schema: 'domains', entities: [CustomDomainEntity], migrations: DOMAINS_MIGRATIONS }),
        CustomDomainsModule,
        AppDeletionModule,
      ],
      providers: [{ provide: DOMAINS_CONFIG, useValue: config }],
      exports: [DOMAINS_CONFIG],
      global: true,
    };
  }
}
