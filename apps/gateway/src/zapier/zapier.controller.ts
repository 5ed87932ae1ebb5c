import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  eventSample,
  EVENT_KINDS,
  GenerationSubjects,
  isEventKind,
  WebhooksSubjects,
  type Caller,
  QueueGenerationBody,
  QueueGenerationResponse,
  type DomainEvent,
} from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { Authenticated, RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { Fails, Operation, ValidBody } from '../common/contract-input';
import { OfferedModels } from '../generation/offered-models';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { DeleteWebhookResponseDto } from '../webhooks/dto/webhook-responses.dto';
import { ZapierHookCreatedDto, ZapierHookDto, ZapierMeDto } from './dto/zapier.dto';

const hookId = new IntegerIdPipe('Zapier hook');

/**
 * Zapier's REST hooks (decisions.md, "Zapier"): a Zap's trigger subscribes a webhook with `source: "zapier"`
 * and unsubscribes it when turned off; the auth test, sample payloads for building a Zap, and the
 * "generate an app" action.
 */
@ApiTags('Zapier')
@Controller('zapier')
export class ZapierController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly models: OfferedModels,
  ) {}

  @Post('hooks')
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Subscribe a Zapier hook', description: 'Creates a webhook (source zapier) sending `event` to `target_url`, signed like any webhook.' })
  @ApiCreatedResponse({ type: ZapierHookCreatedDto })
  @ApiResponse({ status: 422, description: 'Invalid target_url or event', type: ErrorBodyDto })
  async subscribe(@CurrentCaller() caller: Caller, @Body() body: ZapierHookDto): Promise<{ id: number }> {
    const { webhook } = await this.rpc.request(WebhooksSubjects.create, {
      caller,
      url: body.target_url,
      events: [body.event],
      name: `Zapier: ${body.event}`,
      source: 'zapier',
    });
    return { id: webhook.id };
  }

  @Delete('hooks/:id')
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Unsubscribe a Zapier hook', description: 'Only hooks Zapier subscribed; other webhooks are 404 here.' })
  @ApiOkResponse({ type: DeleteWebhookResponseDto })
  @ApiNotFoundResponse({ description: 'No such Zapier hook in this account', type: ErrorBodyDto })
  unsubscribe(@CurrentCaller() caller: Caller, @Param('id', hookId) id: number): Promise<{ success: true; message: string }> {
    return this.rpc.request(WebhooksSubjects.delete, { caller, id, source: 'zapier' });
  }

  @Get('me')
  @Authenticated()
  @ApiOperation({ summary: "Zapier's auth test", description: 'The account the credential belongs to.' })
  @ApiOkResponse({ type: ZapierMeDto })
  me(@CurrentCaller() caller: Caller): ZapierMeDto {
    return { id: caller.accountId, email: caller.email, plan: caller.plan, scope: caller.scope };
  }

  @Get('samples/:event')
  @RequirePermission('webhooks:read')
  @ApiOperation({ summary: 'Sample payloads of an event', description: 'A list with one example delivery body of the event kind, for mapping fields in a Zap.' })
  @ApiOkResponse({
    description: 'example delivery bodies: the event envelope {id, event, timestamp, account_id, app_id, data}',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'event', 'timestamp', 'account_id', 'app_id', 'data'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          event: { type: 'string', enum: [...EVENT_KINDS] },
          timestamp: { type: 'string', format: 'date-time' },
          account_id: { type: 'integer' },
          app_id: { type: 'string', nullable: true },
          data: { type: 'object', additionalProperties: true },
        },
      },
    },
  })
  @ApiNotFoundResponse({ description: 'Not one of the twelve event kinds', type: ErrorBodyDto })
  samples(@CurrentCaller() caller: Caller, @Param('event') event: string): DomainEvent[] {
    if (!isEventKind(event)) throw AppgenError.of('not_found', `No event kind ${event}; the kinds are: ${EVENT_KINDS.join(', ')}`);
    return [eventSample(event, caller.accountId)];
  }

  @Post('actions/generate_app')
  @RequirePermission('generation:queue')
  @Operation({
    id: 'zapierGenerateApp',
    summary: 'Generate an app (Zapier action)',
    description: 'The same as POST /generation_queue: a missing or empty prompt is 400 `missing_prompt`.',
    status: 202,
    returns: QueueGenerationResponse,
    returnsDescription: 'The job is queued',
  })
  @Fails(400, '`missing_prompt`: no prompt, or an empty one')
  async generateApp(@CurrentCaller() caller: Caller, @ValidBody(QueueGenerationBody) body: QueueGenerationBody): Promise<QueueGenerationResponse> {
    await this.models.require(body.ai_model);
    return this.rpc.request(GenerationSubjects.queue, { caller, ...body });
  }
}
