import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { AppDeletedConsumer } from './app-deleted.consumer';
import { AppDeletionService } from './app-deletion.service';

/** Cancels an app's open generation jobs once apps-service has deleted the app (app.deleted). */
@Module({
  imports: [JobsModule],
  providers: [AppDeletionService, AppDeletedConsumer],
})
export class AppDeletionModule {}
