import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { OAuthProviderKeysService } from './oauth-provider-keys.service';
import { OAuthStorageService } from './oauth-storage.service';

type Handler<S extends (typeof UsersSubjects)[keyof typeof UsersSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class OAuthController {
  constructor(
    private readonly storage: OAuthStorageService,
    private readonly keys: OAuthProviderKeysService,
    private readonly accounts: AccountsService,
  ) {}

  @MessagePattern(UsersSubjects.oauthUpsert)
  onUpsert(@Payload() request: RpcRequest<typeof UsersSubjects.oauthUpsert>): Handler<typeof UsersSubjects.oauthUpsert> {
    return this.storage.upsert(request);
  }

  @MessagePattern(UsersSubjects.oauthFind)
  onFind(@Payload() request: RpcRequest<typeof UsersSubjects.oauthFind>): Handler<typeof UsersSubjects.oauthFind> {
    return this.storage.find(request);
  }

  @MessagePattern(UsersSubjects.oauthFindByUid)
  onFindByUid(@Payload() request: RpcRequest<typeof UsersSubjects.oauthFindByUid>): Handler<typeof UsersSubjects.oauthFindByUid> {
    return this.storage.findByUid(request.model, request.uid);
  }

  @MessagePattern(UsersSubjects.oauthFindByUserCode)
  onFindByUserCode(
    @Payload() request: RpcRequest<typeof UsersSubjects.oauthFindByUserCode>,
  ): Handler<typeof UsersSubjects.oauthFindByUserCode> {
    return this.storage.findByUserCode(request.model, request.user_code_hash);
  }

  @MessagePattern(UsersSubjects.oauthConsume)
  onConsume(@Payload() request: RpcRequest<typeof UsersSubjects.oauthConsume>): Handler<typeof UsersSubjects.oauthConsume> {
    return this.storage.consume(request);
  }

  @MessagePattern(UsersSubjects.oauthDestroy)
  onDestroy(@Payload() request: RpcRequest<typeof UsersSubjects.oauthDestroy>): Handler<typeof UsersSubjects.oauthDestroy> {
    return this.storage.destroy(request);
  }

  @MessagePattern(UsersSubjects.oauthRevokeByGrantId)
  onRevokeByGrantId(
    @Payload() request: RpcRequest<typeof UsersSubjects.oauthRevokeByGrantId>,
  ): Handler<typeof UsersSubjects.oauthRevokeByGrantId> {
    return this.storage.revokeByGrantId(request.model, request.grant_id);
  }

  @MessagePattern(UsersSubjects.resolveOAuthToken)
  onResolveOAuthToken(@Payload() request: RpcRequest<typeof UsersSubjects.resolveOAuthToken>): Handler<typeof UsersSubjects.resolveOAuthToken> {
    return this.storage.resolveAccessToken(request);
  }

  @MessagePattern(UsersSubjects.oauthProviderKeys)
  onProviderKeys(): Handler<typeof UsersSubjects.oauthProviderKeys> {
    return this.keys.keys();
  }

  @MessagePattern(UsersSubjects.oauthFindAccount)
  onFindAccount(@Payload() request: RpcRequest<typeof UsersSubjects.oauthFindAccount>): Handler<typeof UsersSubjects.oauthFindAccount> {
    return this.accounts.get(request.account_id);
  }
}
