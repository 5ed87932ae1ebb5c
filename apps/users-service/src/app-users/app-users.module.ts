import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AppUsersManagementController } from './app-users-management.controller';
import { AppUsersManagementService } from './app-users-management.service';
import { AppUsersController } from './app-users.controller';
import { AppUsersService } from './app-users.service';

@Module({
  imports: [MailModule],
  controllers: [AppUsersController, AppUsersManagementController],
  providers: [AppUsersService, AppUsersManagementService],
  exports: [AppUsersService],
})
export class AppUsersModule {}
