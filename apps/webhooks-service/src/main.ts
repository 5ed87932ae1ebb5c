import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadWebhooksConfig } from './config/webhooks.config';

void runService(() => {
  const config = loadWebhooksConfig();
  return { name: 'webhooks-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
