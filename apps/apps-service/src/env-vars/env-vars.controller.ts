import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { EnvVarsService } from './env-vars.service';

type Handler<S extends (typeof AppsSubjects)[keyof typeof AppsSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class EnvVarsController {
  constructor(private readonly envVars: EnvVarsService) {}

  @MessagePattern(AppsSubjects.listEnvVars)
  onList(@Payload() request: RpcRequest<typeof AppsSubjects.listEnvVars>): Handler<typeof AppsSubjects.listEnvVars> {
    return this.envVars.list(request.caller, request.id);
  }

  @MessagePattern(AppsSubjects.putEnvVars)
  onPut(@Payload() request: RpcRequest<typeof AppsSubjects.putEnvVars>): Handler<typeof AppsSubjects.putEnvVars> {
    return this.envVars.put(request);
  }

  @MessagePattern(AppsSubjects.deleteEnvVar)
  onDelete(@Payload() request: RpcRequest<typeof AppsSubjects.deleteEnvVar>): Handler<typeof AppsSubjects.deleteEnvVar> {
    return this.envVars.delete(request);
  }

  @MessagePattern(AppsSubjects.publicEnvValues)
  onPublicValues(@Payload() request: RpcRequest<typeof AppsSubjects.publicEnvValues>): Handler<typeof AppsSubjects.publicEnvValues> {
    return this.envVars.publicValues(request.app_id);
  }
}
