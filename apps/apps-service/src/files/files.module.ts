import { Module } from '@nestjs/common';
import { VersionsModule } from '../versions/versions.module';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';

@Module({
  imports: [VersionsModule],
  controllers: [FilesController],
  providers: [FilesService],
})
export class FilesModule {}
