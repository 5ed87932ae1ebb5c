import { Module } from '@nestjs/common';
import { AnonymousBuildsController } from './anonymous-builds.controller';
import { AnonymousBuildsService } from './anonymous-builds.service';

/** Anonymous builds: creating one, reading it, and claiming it. */
@Module({
  controllers: [AnonymousBuildsController],
  providers: [AnonymousBuildsService],
})
export class AnonymousBuildsModule {}
