import { Module } from '@nestjs/common';
import { JobsClaimedConsumer } from '../app-claims/app-claimed.consumer';
import { JobsModule } from '../jobs/jobs.module';
import { AppDeletedListener } from './app-deleted.consumer';
import { AppDeletionService } from './app-deletion.service';

/** Cancels an app's open generation jobs once apps-service has deleted the app (app.deleted), and moves a claimed app's jobs to its new account (app.updated). */
@Module({
  imports: [JobsModule],
  providers: [AppDeletionService, AppDeletedListener, JobsClaimedConsumer],
})
export class AppDeletionModule {}
