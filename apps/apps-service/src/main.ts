import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadAppsConfig } from './config/apps.config';

void runService(() => {
  const config = loadAppsConfig();
  return { name: 'apps-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
