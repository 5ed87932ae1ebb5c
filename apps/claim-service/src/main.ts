import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadClaimConfig } from './config/claim.config';

void runService(() => {
  const config = loadClaimConfig();
  return { name: 'claim-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
