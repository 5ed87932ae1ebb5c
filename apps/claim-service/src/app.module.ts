import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { AnonymousBuildsModule } from './builds/anonymous-builds.module';
import { CLAIM_CONFIG, type ClaimConfig } from './config/claim.config';
import { ExpiryModule } from './expiry/expiry.module';
import { CreateAnonymousBuilds1763900000000 } from './migrations/1763900000000-create-anonymous-builds';

@Module({})
export class AppModule {
  static forConfig(config: ClaimConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'claim-service', config }),
        DatabaseModule.forService({ schema: 'claim', entities: [], migrations: [CreateAnonymousBuilds1763900000000] }),
        AnonymousBuildsModule,
        ExpiryModule,
      ],
      providers: [{ provide: CLAIM_CONFIG, useValue: config }],
      exports: [CLAIM_CONFIG],
      global: true,
    };
  }
}
