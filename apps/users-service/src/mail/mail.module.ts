import { Module } from '@nestjs/common';
import { MailDispatcher } from './mail-dispatcher';
import { MailOutboxService } from './mail-outbox.service';

@Module({
  providers: [MailOutboxService, MailDispatcher],
  exports: [MailOutboxService],
})
export class MailModule {}
