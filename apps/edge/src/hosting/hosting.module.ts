import { Module } from '@nestjs/common';
import { PageViewRecorder } from '../analytics/page-view-recorder';
import { RuntimeApiHandler } from '../runtime-api/runtime-api.handler';
import { AppLookupService } from './app-lookup.service';
import { HostedAppsServer } from './hosted-apps.server';

@Module({
  providers: [AppLookupService, RuntimeApiHandler, PageViewRecorder, HostedAppsServer],
  exports: [HostedAppsServer, PageViewRecorder],
})
export class HostingModule {}
