import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadEdgeConfig } from './config/edge.config';

void runService(() => {
  const config = loadEdgeConfig();
  // natsServer false: the edge answers no subjects yet (health.edge comes from the service kit).
  return { name: 'edge', config, module: AppModule.forConfig(config), httpPort: config.HEALTH_PORT, natsServer: false };
});
