import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

@Module({
  imports: [MailModule],
  controllers: [SignInController],
  providers: [SignInService],
  exports: [SignInService],
})
export class SignInModule {}
