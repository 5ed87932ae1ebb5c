import { Module } from '@nestjs/common';
import { DeploymentWorker } from './deployment-worker';
import { DeploymentsController } from './deployments.controller';
import { DeploymentsService } from './deployments.service';

@Module({
  controllers: [DeploymentsController],
  providers: [DeploymentsService, DeploymentWorker],
})
export class DeploymentsModule {}
