import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { RuntimeService } from './runtime.service';

@Controller()
export class RuntimeController {
  constructor(private readonly runtime: RuntimeService) {}

  @MessagePattern(AppsSubjects.resolveRuntime)
  async onResolve(
    @Payload() request: RpcRequest<typeof AppsSubjects.resolveRuntime>,
  ): Promise<RpcResponse<typeof AppsSubjects.resolveRuntime>> {
    return { app: await this.runtime.resolve(request.app_id) };
  }
}
