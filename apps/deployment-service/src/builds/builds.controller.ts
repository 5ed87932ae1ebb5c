import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeploymentSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { BuildsService } from './builds.service';

type Handler<S extends (typeof DeploymentSubjects)[keyof typeof DeploymentSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class BuildsController {
  constructor(private readonly builds: BuildsService) {}

  @MessagePattern(DeploymentSubjects.build)
  onBuild(@Payload() request: RpcRequest<typeof DeploymentSubjects.build>): Handler<typeof DeploymentSubjects.build> {
    return this.builds.build(request);
  }

  @MessagePattern(DeploymentSubjects.check)
  onCheck(@Payload() request: RpcRequest<typeof DeploymentSubjects.check>): Handler<typeof DeploymentSubjects.check> {
    return this.builds.check(request);
  }

  @MessagePattern(DeploymentSubjects.errors)
  onErrors(@Payload() request: RpcRequest<typeof DeploymentSubjects.errors>): Handler<typeof DeploymentSubjects.errors> {
    return this.builds.errors(request.caller, request.app_id);
  }
}
