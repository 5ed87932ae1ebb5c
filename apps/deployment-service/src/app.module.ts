import { Module, type DynamicModule } from '@nestjs/common';
import { AddOutboxTrace1763900001600, CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { AppDeletionModule } from './app-deletion/app-deletion.module';
import { BuildEntity } from './builds/build.entity';
import { BuildsModule } from './builds/builds.module';
import { BundleFileEntity } from './builds/bundle-file.entity';
import { BundlesModule } from './bundles/bundles.module';
import { DEPLOYMENT_CONFIG, type DeploymentConfig } from './config/deployment.config';
import { DeploymentEntity } from './deployments/deployment.entity';
import { DeploymentsModule } from './deployments/deployments.module';
import { CreateBuildsAndDeployments1763700000300 } from './migrations/1763700000300-create-builds-and-deployments';
import { IdentifyBuildsByPublicEnv1763700007400 } from './migrations/1763700007400-identify-builds-by-public-env';
import { RememberDeployRequests1764300000000 } from './migrations/1764300000000-remember-deploy-requests';

@Module({})
export class AppModule {
  static forConfig(config: DeploymentConfig): DynamicModule {
    const outbox = OutboxModule.forService({ enabled: config.OUTBOX_RELAY_ENABLED });
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'deployment-service', config }),
        DatabaseModule.forService({
          schema: 'deployment',
          entities: [OutboxEventEntity, BuildEntity, BundleFileEntity, DeploymentEntity],
          migrations: [CreateOutbox1763700000000, CreateBuildsAndDeployments1763700000300, IdentifyBuildsByPublicEnv1763700007400, AddOutboxTrace1763900001600, RememberDeployRequests1764300000000],
        }),
        { ...outbox, global: true },
        BuildsModule,
        DeploymentsModule,
        BundlesModule,
        AppDeletionModule,
      ],
      providers: [{ provide: DEPLOYMENT_CONFIG, useValue: config }],
      exports: [DEPLOYMENT_CONFIG],
      global: true,
    };
  }
}
