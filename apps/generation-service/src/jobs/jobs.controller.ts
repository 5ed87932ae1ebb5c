import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GenerationSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { JobsService } from './jobs.service';

type Handler<S extends (typeof GenerationSubjects)[keyof typeof GenerationSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @MessagePattern(GenerationSubjects.queue)
  onQueue(@Payload() request: RpcRequest<typeof GenerationSubjects.queue>): Handler<typeof GenerationSubjects.queue> {
    return this.jobs.queue(request);
  }

  @MessagePattern(GenerationSubjects.get)
  onGet(@Payload() request: RpcRequest<typeof GenerationSubjects.get>): Handler<typeof GenerationSubjects.get> {
    return this.jobs.get(request.caller, request.id);
  }

  @MessagePattern(GenerationSubjects.cancel)
  onCancel(@Payload() request: RpcRequest<typeof GenerationSubjects.cancel>): Handler<typeof GenerationSubjects.cancel> {
    return this.jobs.cancel(request.caller, request.id);
  }

  @MessagePattern(GenerationSubjects.offeredModels)
  onOfferedModels(): RpcResponse<typeof GenerationSubjects.offeredModels> {
    return this.jobs.offeredModels();
  }

  @MessagePattern(GenerationSubjects.latestForApp)
  onLatestForApp(@Payload() request: RpcRequest<typeof GenerationSubjects.latestForApp>): Handler<typeof GenerationSubjects.latestForApp> {
    return this.jobs.latestForApp(request.caller, request.app_id);
  }
}
