import 'reflect-metadata';
import { runService } from '@appgen/service-kit';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './config/gateway.config';
import { configureGateway } from './http/configure-gateway';

void runService(() => {
  const config = loadGatewayConfig();
  return {
    name: 'gateway',
    config,
    module: AppModule.forConfig(config),
    httpPort: config.PORT,
    natsServer: false,
    configure: (app) => configureGateway(app, config),
  };
});
