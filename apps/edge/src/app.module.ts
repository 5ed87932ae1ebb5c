import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@appgen/service-kit';
import { EDGE_CONFIG, type EdgeConfig } from './config/edge.config';
import { HostingModule } from './hosting/hosting.module';

@Module({})
export class AppModule {
  static forConfig(config: EdgeConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Health (GET /health, health.edge) is served by Nest on HEALTH_PORT; hosted traffic by HostingModule.
        ServiceKitModule.forRoot({ name: 'edge', config }),
        HostingModule,
      ],
      providers: [{ provide: EDGE_CONFIG, useValue: config }],
      exports: [EDGE_CONFIG],
      global: true,
    };
  }
}
