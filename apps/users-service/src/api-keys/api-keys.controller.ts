import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { UsersEvents, UsersSubjects, type MessageMap, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { ApiKeysService } from './api-keys.service';

type Handler<S extends (typeof UsersSubjects)[keyof typeof UsersSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @MessagePattern(UsersSubjects.listApiKeys)
  onListApiKeys(@Payload() request: RpcRequest<typeof UsersSubjects.listApiKeys>): Handler<typeof UsersSubjects.listApiKeys> {
    return this.apiKeys.list(request);
  }

  @MessagePattern(UsersSubjects.createApiKey)
  onCreateApiKey(@Payload() request: RpcRequest<typeof UsersSubjects.createApiKey>): Handler<typeof UsersSubjects.createApiKey> {
    return this.apiKeys.create(request);
  }

  @MessagePattern(UsersSubjects.getApiKey)
  onGetApiKey(@Payload() request: RpcRequest<typeof UsersSubjects.getApiKey>): Handler<typeof UsersSubjects.getApiKey> {
    return this.apiKeys.get(request);
  }

  @MessagePattern(UsersSubjects.revokeApiKey)
  onRevokeApiKey(@Payload() request: RpcRequest<typeof UsersSubjects.revokeApiKey>): Handler<typeof UsersSubjects.revokeApiKey> {
    return this.apiKeys.revoke(request);
  }

  @MessagePattern(UsersSubjects.resolveApiKey)
  onResolveApiKey(@Payload() request: RpcRequest<typeof UsersSubjects.resolveApiKey>): Handler<typeof UsersSubjects.resolveApiKey> {
    return this.apiKeys.resolve(request);
  }

  @EventPattern(UsersEvents.recordApiKeyUsage)
  onRecordApiKeyUsage(@Payload() message: MessageMap[typeof UsersEvents.recordApiKeyUsage]): Promise<void> {
    return this.apiKeys.recordUsage(message);
  }
}
