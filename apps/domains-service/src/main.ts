import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadDomainsConfig } from './config/domains.config';

void runService(() => {
  const config = loadDomainsConfig();
  return { name: 'domains-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
