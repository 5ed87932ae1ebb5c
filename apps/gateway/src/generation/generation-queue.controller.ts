import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CancelGenerationResponse,
  GenerationJobView,
  GenerationSubjects,
  QueueGenerationBody,
  QueueGenerationResponse,
  type Caller,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Fails, Operation, ValidBody } from '../common/contract-input';
import { TakesNoBody } from '../common/refuse-body';
import { IdempotencyKey, keyed } from '../idempotency/idempotency-key';
import { OfferedModels } from './offered-models';

@ApiTags('Generation')
@Controller('generation_queue')
export class GenerationQueueController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly models: OfferedModels,
  ) {}

  @Post()
  @RequirePermission('generation:queue')
  @Operation({
    id: 'queueGeneration',
    summary: 'Queue a generation',
    description:
      'Generates a new app from the prompt, or with `app_id` changes an existing one. Poll `status_url` ' +
      '(every 3 s) until the job is completed, then open `app.preview_url`. A missing or empty prompt is ' +
      '400 `missing_prompt`; `app_id` naming no app of this account is 404.',
    status: 202,
    returns: QueueGenerationResponse,
    returnsDescription: 'The job is queued',
  })
  @Fails(400, '`missing_prompt`: no prompt, or an empty one')
  async queue(
    @CurrentCaller() caller: Caller,
    @ValidBody(QueueGenerationBody) body: QueueGenerationBody,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<QueueGenerationResponse> {
    await this.models.require(body.ai_model);
    return this.rpc.request(GenerationSubjects.queue, { caller, ...body, ...keyed(idempotencyKey) });
  }

  @Get(':id')
  @RequirePermission('apps:read')
  @Operation({ id: 'getGenerationJob', summary: 'Read a generation job', description: '`id` is a job id (`job_...`) or a message id.', returns: GenerationJobView })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<GenerationJobView> {
    return this.rpc.request(GenerationSubjects.get, { caller, id });
  }

  @Delete(':id')
  @TakesNoBody()
  @RequirePermission('generation:queue')
  @Operation({
    id: 'cancelGenerationJob',
    summary: 'Cancel a generation job',
    description: 'Stops queued or running work; `cancelled` is false when the job had already finished.',
    returns: CancelGenerationResponse,
  })
  cancel(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<CancelGenerationResponse> {
    return this.rpc.request(GenerationSubjects.cancel, { caller, id });
  }
}
