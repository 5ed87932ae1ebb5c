import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadGenerationConfig } from './config/generation.config';

void runService(() => {
  const config = loadGenerationConfig();
  return { name: 'generation-service', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT };
});
