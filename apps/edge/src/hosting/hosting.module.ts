import { Module } from '@nestjs/common';
import { HostedAppsServer } from './hosted-apps.server';

@Module({
  providers: [HostedAppsServer],
})
export class HostingModule {}
