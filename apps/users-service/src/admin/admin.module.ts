import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';

@Module({
  imports: [AccountsModule, ApiKeysModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
