import { Module } from '@nestjs/common';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import { AppPlanners } from '../engines/app-planners';
import { CallbackRelay } from './callback-relay';
import { CreditsRelay } from './credits-relay';
import { GenerationWorker } from './generation.worker';
import { JobStore } from './job-store';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { QueueRequestSweeper } from './queue-request-sweeper';
import { QueueRequests } from './queue-requests';

@Module({
  controllers: [JobsController],
  providers: [
    { provide: AppPlanners, inject: [GENERATION_CONFIG], useFactory: (config: GenerationConfig) => new AppPlanners(config) },
    JobStore,
    QueueRequests,
    JobsService,
    QueueRequestSweeper,
    GenerationWorker,
    CallbackRelay,
    CreditsRelay,
  ],
  // Cancelling a deleted app's jobs goes through the same step as DELETE /generation_queue/:id.
  exports: [JobStore],
})
export class JobsModule {}
