import { Module, type DynamicModule } from '@nestjs/common';
import { AddOutboxTrace1763900001600, CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { AppDeletionModule } from './app-deletion/app-deletion.module';
import { GENERATION_CONFIG, type GenerationConfig } from './config/generation.config';
import { GenerationJobEntity } from './jobs/generation-job.entity';
import { JobsModule } from './jobs/jobs.module';
import { CreateGenerationJobs1763700003000 } from './migrations/1763700003000-create-generation-jobs';
import { AddJobCallbacks1763700004000 } from './migrations/1763700004000-add-job-callbacks';
import { AddJobTrace1763900001600 } from './migrations/1763900001600-add-job-trace';
import { AddJobCredits1763800001000 } from './migrations/1763800001000-add-job-credits';
import { CreateQueueRequests1764400000100 } from './migrations/1764400000100-create-queue-requests';

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
          entities: [OutboxEventEntity, GenerationJobEntity],
          migrations: [CreateOutbox1763700000000, CreateGenerationJobs1763700003000, AddJobCallbacks1763700004000, AddJobCredits1763800001000, AddOutboxTrace1763900001600, AddJobTrace1763900001600, CreateQueueRequests1764400000100],
        }),
        { ...outbox, global: true },
        JobsModule,
        AppDeletionModule,
      ],
      providers: [{ provide: GENERATION_CONFIG, useValue: config }],
      exports: [GENERATION_CONFIG],
      global: true,
    };
  }
}
