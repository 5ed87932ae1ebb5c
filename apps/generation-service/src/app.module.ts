import { Module, type DynamicModule } from '@nestjs/common';
import { CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { DatabaseModule, ServiceKitModule } from '@appgen/service-kit';
import { GENERATION_CONFIG, type GenerationConfig } from './config/generation.config';

@Module({})
export class AppModule {
  static forConfig(config: GenerationConfig): DynamicModule {
    const outbox = OutboxModule.forService({ enabled: config.OUTBOX_RELAY_ENABLED });
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'generation-service', config }),
        DatabaseModule.forService({
          schema: 'generation',
          entities: [OutboxEventEntity],
          migrations: [CreateOutbox1763700000000],
        }),
        { ...outbox, global: true },
      ],
      providers: [{ provide: GENERATION_CONFIG, useValue: config }],
      exports: [GENERATION_CONFIG],
      global: true,
    };
  }
}
