import { Module } from '@nestjs/common';
import { ManagedAppsController } from './managed-apps.controller';
import { ManagedAppsService } from './managed-apps.service';

@Module({
  controllers: [ManagedAppsController],
  providers: [ManagedAppsService],
})
export class ManagedAppsModule {}
