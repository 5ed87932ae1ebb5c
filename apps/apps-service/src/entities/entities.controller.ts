import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { EntitiesService } from './entities.service';

type Handler<S extends (typeof AppsSubjects)[keyof typeof AppsSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class EntitiesController {
  constructor(private readonly entities: EntitiesService) {}

  @MessagePattern(AppsSubjects.defineEntity)
  async onDefine(@Payload() request: RpcRequest<typeof AppsSubjects.defineEntity>): Handler<typeof AppsSubjects.defineEntity> {
    return { entity: await this.entities.define(request) };
  }

  @MessagePattern(AppsSubjects.defineEntities)
  async onDefineMany(@Payload() request: RpcRequest<typeof AppsSubjects.defineEntities>): Handler<typeof AppsSubjects.defineEntities> {
    return { entities: await this.entities.defineMany(request) };
  }

  @MessagePattern(AppsSubjects.listEntities)
  async onList(@Payload() request: RpcRequest<typeof AppsSubjects.listEntities>): Handler<typeof AppsSubjects.listEntities> {
    return { entities: await this.entities.list(request) };
  }
}
