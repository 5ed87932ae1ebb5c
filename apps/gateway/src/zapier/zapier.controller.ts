import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DeleteWebhookResponse,
  eventSample,
  EventEnvelope,
  EVENT_KINDS,
  GenerationSubjects,
  isEventKind,
  QueueGenerationBody,
  QueueGenerationResponse,
  Type,
  WebhooksSubjects,
  ZapierHookBody,
  ZapierHookCreated,
  ZapierMe,
  type Caller,
  type DomainEvent,
} from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { Authenticated, RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Fails, Operation, ValidBody } from '../common/contract-input';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { TakesNoBody } from '../common/refuse-body';
import { OfferedModels } from '../generation/offered-models';
import { IdempotencyKey, keyed } from '../idempotency/idempotency-key';

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
  @Operation({
    id: 'subscribeZapierHook',
    summary: 'Subscribe a Zapier hook',
    description: 'Creates a webhook (source zapier) sending `event` to `target_url`, signed like any webhook.',
    status: 201,
    returns: ZapierHookCreated,
  })
  async subscribe(@CurrentCaller() caller: Caller, @ValidBody(ZapierHookBody) body: ZapierHookBody): Promise<{ id: number }> {
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
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @Operation({
    id: 'unsubscribeZapierHook',
    summary: 'Unsubscribe a Zapier hook',
    description: 'Only hooks Zapier subscribed; other webhooks are 404 here.',
    returns: DeleteWebhookResponse,
  })
  unsubscribe(@CurrentCaller() caller: Caller, @Param('id', hookId) id: number): Promise<{ success: true; message: string }> {
    return this.rpc.request(WebhooksSubjects.delete, { caller, id, source: 'zapier' });
  }

  @Get('me')
  @Authenticated()
  @Operation({ id: 'getZapierAccount', summary: "Zapier's auth test", description: 'The account the credential belongs to; `scope` labels the credential, `grants` are what it may do.', returns: ZapierMe })
  me(@CurrentCaller() caller: Caller): ZapierMe {
    return { id: caller.accountId, email: caller.email, plan: caller.plan, scope: caller.scope, grants: caller.grants };
  }

  @Get('samples/:event')
  @RequirePermission('webhooks:read')
  @Operation({
    id: 'listZapierSamples',
    summary: 'Sample payloads of an event',
    description: 'A list with one example delivery body of the event kind, for mapping fields in a Zap; an unknown kind is 404.',
    returns: Type.Array(EventEnvelope),
  })
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
  async generateApp(
    @CurrentCaller() caller: Caller,
    @ValidBody(QueueGenerationBody) body: QueueGenerationBody,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<QueueGenerationResponse> {
    await this.models.require(body.ai_model);
    return this.rpc.request(GenerationSubjects.queue, { caller, ...body, ...keyed(idempotencyKey) });
  }
}
