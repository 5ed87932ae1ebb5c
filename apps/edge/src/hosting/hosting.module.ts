import { Module } from '@nestjs/common';
import { AppUserAccessRecorder } from '../analytics/app-user-access-recorder';
import { PageViewRecorder } from '../analytics/page-view-recorder';
import { RuntimeApiHandler } from '../runtime-api/runtime-api.handler';
import { AppChangesListener } from './app-changes.listener';
import { AppLookupService } from './app-lookup.service';
import { CustomDomainLookup } from './custom-domain-lookup.service';
import { HostedAppsServer } from './hosted-apps.server';

@Module({
  providers: [AppLookupService, CustomDomainLookup, AppChangesListener, RuntimeApiHandler, PageViewRecorder, AppUserAccessRecorder, HostedAppsServer],
  exports: [HostedAppsServer, PageViewRecorder, AppUserAccessRecorder],
})
export class HostingModule {}
