import { Module } from '@nestjs/common';
import { RuntimeController } from './runtime.controller';
import { RuntimeService } from './runtime.service';

@Module({
  controllers: [RuntimeController],
  providers: [RuntimeService],
})
export class RuntimeModule {}
