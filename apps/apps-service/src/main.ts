import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadAppsConfig } from './config/apps.config';
import { ManagedAppsController } from './managed-apps/managed-apps.controller';

void runService(() => {
  const config = loadAppsConfig();
  return {
    name: 'apps-service',
    config,
    module: AppModule.forConfig(config),
    httpPort: config.HEALTH_PORT,
    // GET /managed_apps/:id, the API's busiest read
    directHandlers: [{ controller: ManagedAppsController, method: 'onGet' }],
  };
});
