import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadUsersConfig } from './config/users.config';

void runService(() => {
  const config = loadUsersConfig();
  return { name: 'users-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
