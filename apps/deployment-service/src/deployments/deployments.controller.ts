import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeploymentSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { DeploymentsService } from './deployments.service';

type Handler<S extends (typeof DeploymentSubjects)[keyof typeof DeploymentSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class DeploymentsController {
  constructor(private readonly deployments: DeploymentsService) {}

  @MessagePattern(DeploymentSubjects.deploy)
  onDeploy(@Payload() request: RpcRequest<typeof DeploymentSubjects.deploy>): Handler<typeof DeploymentSubjects.deploy> {
    return this.deployments.deploy(request.caller, request.app_id, request.idempotency_key);
  }

  @MessagePattern(DeploymentSubjects.rollback)
  onRollback(@Payload() request: RpcRequest<typeof DeploymentSubjects.rollback>): Handler<typeof DeploymentSubjects.rollback> {
    return this.deployments.rollback(request);
  }

  @MessagePattern(DeploymentSubjects.latest)
  onLatest(@Payload() request: RpcRequest<typeof DeploymentSubjects.latest>): Handler<typeof DeploymentSubjects.latest> {
    return this.deployments.latest(request.caller, request.app_id);
  }
}
