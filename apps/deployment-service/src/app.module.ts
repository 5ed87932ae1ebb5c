import { Module, type DynamicModule } from '@nestjs/common';
import { CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { DEPLOYMENT_CONFIG, type DeploymentConfig } from './config/deployment.config';

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
          entities: [OutboxEventEntity],
          migrations: [CreateOutbox1763700000000],
        }),
        { ...outbox, global: true },
      ],
      providers: [{ provide: DEPLOYMENT_CONFIG, useValue: config }],
      exports: [DEPLOYMENT_CONFIG],
      global: true,
    };
  }
}
