import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { OAuthController } from './oauth.controller';
import { OAuthExpirySweep } from './oauth-expiry-sweep';
import { OAuthProviderKeysService } from './oauth-provider-keys.service';
import { OAuthStorageService } from './oauth-storage.service';

@Module({
  imports: [AccountsModule],
  controllers: [OAuthController],
  providers: [OAuthStorageService, OAuthProviderKeysService, OAuthExpirySweep],
})
export class OAuthModule {}
