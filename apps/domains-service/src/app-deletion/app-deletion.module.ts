import { Module } from '@nestjs/common';
import { AppDeletedListener } from './app-deleted.consumer';
import { AppDeletionService } from './app-deletion.service';

/** Removes an app's custom domains and their certificates once apps-service has deleted the app (app.deleted). */
@Module({
  providers: [AppDeletionService, AppDeletedListener],
})
export class AppDeletionModule {}
