import { Module } from '@nestjs/common';
import { AppUsersClaimedConsumer } from '../app-claims/app-claimed.consumer';
import { AppDeletedListener } from './app-deleted.consumer';
import { AppDeletionService } from './app-deletion.service';

/** Removes an app's users, their sessions and their sign-in codes once apps-service has deleted the app (app.deleted), and moves a claimed app's users to its new account (app.updated). */
@Module({
  providers: [AppDeletionService, AppDeletedListener, AppUsersClaimedConsumer],
})
export class AppDeletionModule {}
