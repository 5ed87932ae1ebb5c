import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config/billing.config';

void runService(() => {
  const config = loadBillingConfig();
  return { name: 'billing-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
