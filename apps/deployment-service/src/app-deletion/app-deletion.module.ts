import { Module } from '@nestjs/common';
import { BuildsClaimedConsumer } from '../app-claims/app-claimed.consumer';
import { AppDeletedListener } from './app-deleted.consumer';
import { AppDeletionService } from './app-deletion.service';

/** Removes an app's builds, bundles and deployments once apps-service has deleted the app (app.deleted), and moves a claimed app's to its new account (app.updated). */
@Module({
  providers: [AppDeletionService, AppDeletedListener, BuildsClaimedConsumer],
})
export class AppDeletionModule {}
