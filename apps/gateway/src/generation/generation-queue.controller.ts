import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { GenerationSubjects, type CancelGenerationResponse, type Caller, type GenerationJobView, type QueueGenerationResponse } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { QueueGenerationDto } from './dto/generation-requests.dto';
import { OfferedModels } from './offered-models';
import { CancelGenerationResponseDto, GenerationJobViewDto, QueueGenerationResponseDto } from './dto/generation-responses.dto';

const jobNotFound = ApiNotFoundResponse({ description: 'No such job in this account', type: ErrorBodyDto });

@ApiTags('Generation')
@Controller('generation_queue')
export class GenerationQueueController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly models: OfferedModels,
  ) {}

  @Post()
  @HttpCode(202)
  @RequirePermission('generation:queue')
  @ApiOperation({
    summary: 'Queue a generation',
    description:
      'Generates a new app from the prompt, or with `app_id` changes an existing one. Poll `status_url` ' +
      '(every 3 s) until the job is completed, then open `app.preview_url`.',
  })
  @ApiAcceptedResponse({ type: QueueGenerationResponseDto })
  @ApiResponse({ status: 400, description: '`missing_prompt`: no prompt, or an empty one', type: ErrorBodyDto })
  @ApiResponse({ status: 404, description: '`app_id` names no app of this account', type: ErrorBodyDto })
  @ApiResponse({ status: 422, description: 'Invalid field (other than a missing prompt)', type: ErrorBodyDto })
  async queue(@CurrentCaller() caller: Caller, @Body() body: QueueGenerationDto): Promise<QueueGenerationResponse> {
    await this.models.require(body.ai_model);
    return this.rpc.request(GenerationSubjects.queue, { caller, ...body });
  }

  @Get(':id')
  @RequirePermission('apps:read')
  @ApiOperation({ summary: 'Read a generation job', description: '`id` is a job id (`job_...`) or a message id.' })
  @ApiOkResponse({ type: GenerationJobViewDto })
  @jobNotFound
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<GenerationJobView> {
    return this.rpc.request(GenerationSubjects.get, { caller, id });
  }

  @Delete(':id')
  @RequirePermission('generation:queue')
  @ApiOperation({ summary: 'Cancel a generation job', description: 'Stops queued or running work; `cancelled` is false when the job had already finished.' })
  @ApiOkResponse({ type: CancelGenerationResponseDto })
  @jobNotFound
  cancel(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<CancelGenerationResponse> {
    return this.rpc.request(GenerationSubjects.cancel, { caller, id });
  }
}
