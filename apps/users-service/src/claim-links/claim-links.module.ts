import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ClaimLinksController } from './claim-links.controller';
import { ClaimLinksService } from './claim-links.service';

/** The claim links of anonymous builds, mailed for claim-service. */
@Module({
  imports: [MailModule],
  controllers: [ClaimLinksController],
  providers: [ClaimLinksService],
})
export class ClaimLinksModule {}
