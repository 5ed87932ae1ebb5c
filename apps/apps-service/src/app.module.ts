import { Module, type DynamicModule } from '@nestjs/common';
import { AddOutboxTrace1763900001600, CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { AnalyticsModule } from './analytics/analytics.module';
import { AppPageViewEntity } from './analytics/app-page-view.entity';
import { APPS_CONFIG, type AppsConfig } from './config/apps.config';
import { EntityDefinitionEntity } from './entities/entity-definition.entity';
import { EntitiesModule } from './entities/entities.module';
import { AppEnvVarEntity } from './env-vars/app-env-var.entity';
import { EnvVarsModule } from './env-vars/env-vars.module';
import { AppFileEntity } from './files/app-file.entity';
import { FilesModule } from './files/files.module';
import { ManagedAppEntity } from './managed-apps/managed-app.entity';
import { ManagedAppsModule } from './managed-apps/managed-apps.module';
import { CreateManagedApps1763700000100 } from './migrations/1763700000100-create-managed-apps';
import { CreateAppContent1763700000200 } from './migrations/1763700000200-create-app-content';
import { AddEntityOpenWrites1763700006500 } from './migrations/1763700006500-add-entity-open-writes';
import { AddVersionSummaries1763700007100 } from './migrations/1763700007100-add-version-summaries';
import { CreateAppEnvVars1763700007300 } from './migrations/1763700007300-create-app-env-vars';
import { DropAppUsersCount1763700007500 } from './migrations/1763700007500-drop-app-users-count';
import { IndexRowReferences1763700007700 } from './migrations/1763700007700-index-row-references';
import { CreateRowValueCasts1764300000100 } from './migrations/1764300000100-create-row-value-casts';
import { RememberCreateRequests1764400000000 } from './migrations/1764400000000-remember-create-requests';
import { AppRowEntity } from './rows/app-row.entity';
import { RowsModule } from './rows/rows.module';
import { RuntimeModule } from './runtime/runtime.module';
import { AppVersionFileEntity } from './versions/app-version-file.entity';
import { AppVersionEntity } from './versions/app-version.entity';
import { VersionsModule } from './versions/versions.module';

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
          entities: [
            ManagedAppEntity,
            AppVersionEntity,
            AppVersionFileEntity,
            AppFileEntity,
            EntityDefinitionEntity,
            AppRowEntity,
            AppPageViewEntity,
            AppEnvVarEntity,
            OutboxEventEntity,
          ],
          migrations: [CreateOutbox1763700000000, CreateManagedApps1763700000100, CreateAppContent1763700000200, AddEntityOpenWrites1763700006500, AddVersionSummaries1763700007100, CreateAppEnvVars1763700007300, DropAppUsersCount1763700007500, IndexRowReferences1763700007700, AddOutboxTrace1763900001600, CreateRowValueCasts1764300000100, RememberCreateRequests1764400000000],
        }),
        { ...outbox, global: true },
        ManagedAppsModule,
        VersionsModule,
        FilesModule,
        EntitiesModule,
        RowsModule,
        RuntimeModule,
        AnalyticsModule,
        EnvVarsModule,
      ],
      providers: [{ provide: APPS_CONFIG, useValue: config }],
      exports: [APPS_CONFIG],
      global: true,
    };
  }
}
