import { Module } from '@nestjs/common';
import { BundlesController } from './bundles.controller';
import { BundlesService } from './bundles.service';
import { VersionBuildsService } from './version-builds.service';

@Module({
  controllers: [BundlesController],
  providers: [BundlesService, VersionBuildsService],
})
export class BundlesModule {}
