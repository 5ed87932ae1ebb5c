import { Module, type DynamicModule } from '@nestjs/common';
import { AddOutboxTrace1763900001600, CreateOutbox1763700000000, OutboxEventEntity, OutboxModule } from '@appgen/outbox';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { AccountEntity } from './accounts/account.entity';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { AppDeletionModule } from './app-deletion/app-deletion.module';
import { AppUserCodeEntity } from './app-users/app-user-code.entity';
import { AppUserSessionEntity } from './app-users/app-user-session.entity';
import { AppUserEntity } from './app-users/app-user.entity';
import { AppUsersModule } from './app-users/app-users.module';
import { ClaimLinksModule } from './claim-links/claim-links.module';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { USERS_CONFIG, type UsersConfig } from './config/users.config';
import { MailMessageEntity } from './mail/mail-message.entity';
import { CreateAccountsAndCredentials1763700000500 } from './migrations/1763700000500-create-accounts-and-credentials';
import { CountSignInCodesPerHour1763700002000 } from './migrations/1763700002000-count-sign-in-codes-per-hour';
import { CreateAppUsers1763700001500 } from './migrations/1763700001500-create-app-users';
import { KeepMailContentUntilSent1763700003000 } from './migrations/1763700003000-keep-mail-content-until-sent';
import { GrantAppAccessBeforeFirstSignIn1763700004000 } from './migrations/1763700004000-grant-app-access-before-first-sign-in';
import { CreateOAuthRecords1763700005000 } from './migrations/1763700005000-create-oauth-records';
import { ExpireUnusedOAuthClients1763700006000 } from './migrations/1763700006000-expire-unused-oauth-clients';
import { DropAccountCredits1763700007000 } from './migrations/1763700007000-drop-account-credits';
import { OAuthProviderKeysEntity } from './oauth/oauth-provider-keys.entity';
import { OAuthRecordEntity } from './oauth/oauth-record.entity';
import { OAuthModule } from './oauth/oauth.module';
import { AccessTokenEntity } from './sign-in/access-token.entity';
import { SignInCodeEntity } from './sign-in/sign-in-code.entity';
import { SignInModule } from './sign-in/sign-in.module';

@Module({})
export class AppModule {
  static forConfig(config: UsersConfig): DynamicModule {
    const outbox = OutboxModule.forService({ enabled: config.OUTBOX_RELAY_ENABLED });
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'users-service', config }),
        DatabaseModule.forService({
          schema: 'users',
          entities: [
            AccountEntity,
            ApiKeyEntity,
            SignInCodeEntity,
            AccessTokenEntity,
            MailMessageEntity,
            OutboxEventEntity,
            AppUserEntity,
            AppUserCodeEntity,
            AppUserSessionEntity,
            OAuthRecordEntity,
            OAuthProviderKeysEntity,
          ],
          migrations: [
            CreateOutbox1763700000000,
            CreateAccountsAndCredentials1763700000500,
            CreateAppUsers1763700001500,
            CountSignInCodesPerHour1763700002000,
            KeepMailContentUntilSent1763700003000,
            GrantAppAccessBeforeFirstSignIn1763700004000,
            CreateOAuthRecords1763700005000,
            ExpireUnusedOAuthClients1763700006000,
            DropAccountCredits1763700007000,
            AddOutboxTrace1763900001600,
          ],
        }),
        // The outbox carries the app.user.* events of per-app users.
        { ...outbox, global: true },
        AccountsModule,
        SignInModule,
        ClaimLinksModule,
        ApiKeysModule,
        AdminModule,
        AppUsersModule,
        AppDeletionModule,
        OAuthModule,
      ],
      providers: [{ provide: USERS_CONFIG, useValue: config }],
      exports: [USERS_CONFIG],
      global: true,
    };
  }
}
