import { Module } from '@nestjs/common';
import { MailDispatcher } from './mail-dispatcher';
import { MailOutboxService } from './mail-outbox.service';
import { MailRetentionSweep } from './mail-retention-sweep';

@Module({
  providers: [MailOutboxService, MailDispatcher, MailRetentionSweep],
  exports: [MailOutboxService],
})
export class MailModule {}
