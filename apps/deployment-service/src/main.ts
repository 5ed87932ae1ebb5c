import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadDeploymentConfig } from './config/deployment.config';

void runService(() => {
  const config = loadDeploymentConfig();
  return { name: 'deployment-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
