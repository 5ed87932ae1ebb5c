import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { ManagedAppsService } from './managed-apps.service';

type Handler<S extends (typeof AppsSubjects)[keyof typeof AppsSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class ManagedAppsController {
  constructor(private readonly apps: ManagedAppsService) {}

  @MessagePattern(AppsSubjects.create)
  onCreate(@Payload() request: RpcRequest<typeof AppsSubjects.create>): Handler<typeof AppsSubjects.create> {
    return this.apps.create(request);
  }

  @MessagePattern(AppsSubjects.list)
  onList(@Payload() request: RpcRequest<typeof AppsSubjects.list>): Handler<typeof AppsSubjects.list> {
    return this.apps.list(request);
  }

  @MessagePattern(AppsSubjects.get)
  async onGet(@Payload() request: RpcRequest<typeof AppsSubjects.get>): Handler<typeof AppsSubjects.get> {
    return { app: await this.apps.get(request.caller, request.id) };
  }

  @MessagePattern(AppsSubjects.update)
  async onUpdate(@Payload() request: RpcRequest<typeof AppsSubjects.update>): Handler<typeof AppsSubjects.update> {
    return { app: await this.apps.update(request) };
  }

  @MessagePattern(AppsSubjects.setLifecycle)
  async onSetLifecycle(@Payload() request: RpcRequest<typeof AppsSubjects.setLifecycle>): Handler<typeof AppsSubjects.setLifecycle> {
    return { app: await this.apps.setLifecycle(request) };
  }

  @MessagePattern(AppsSubjects.claim)
  async onClaim(@Payload() request: RpcRequest<typeof AppsSubjects.claim>): Handler<typeof AppsSubjects.claim> {
    return { app: await this.apps.claim(request.caller, request.id) };
  }

  @MessagePattern(AppsSubjects.delete)
  onDelete(@Payload() request: RpcRequest<typeof AppsSubjects.delete>): Handler<typeof AppsSubjects.delete> {
    return this.apps.delete(request.caller, request.id);
  }
}
