import { Module } from '@nestjs/common';
import { BuildsModule } from '../builds/builds.module';
import { DeploymentWorker } from './deployment-worker';
import { DeploymentsController } from './deployments.controller';
import { DeploymentsService } from './deployments.service';

@Module({
  // A rollback builds the restored version into the preview before it deploys it.
  imports: [BuildsModule],
  controllers: [DeploymentsController],
  providers: [DeploymentsService, DeploymentWorker],
})
export class DeploymentsModule {}
