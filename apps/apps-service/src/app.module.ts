import { Module, type DynamicModule } from '@nestjs/common';
import { CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { APPS_CONFIG, type AppsConfig } from './config/apps.config';
import { ManagedAppEntity } from './managed-apps/managed-app.entity';
import { ManagedAppsModule } from './managed-apps/managed-apps.module';
import { CreateManagedApps1763700000100 } from './migrations/1763700000100-create-managed-apps';

@Module({})
export class AppModule {
  static forConfig(config: AppsConfig): DynamicModule {
    const outbox = OutboxModule.forService({ enabled: config.OUTBOX_RELAY_ENABLED });
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'apps-service', config }),
        DatabaseModule.forService({
          schema: 'apps',
          entities: [ManagedAppEntity, OutboxEventEntity],
          migrations: [CreateOutbox1763700000000, CreateManagedApps1763700000100],
        }),
        { ...outbox, global: true },
        ManagedAppsModule,
      ],
      providers: [{ provide: APPS_CONFIG, useValue: config }],
      exports: [APPS_CONFIG],
      global: true,
    };
  }
}
