import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { WebhooksSubjects, type Caller, type DeliveryView, type PageMeta, type WebhookView } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { TakesNoBody } from '../common/refuse-body';
import { PageQueryDto, paginated } from '../common/pagination';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { CreateWebhookDto, ListDeliveriesQueryDto, UpdateWebhookDto } from './dto/webhook-requests.dto';
import {
  CallbackSecretResponseDto,
  DeleteWebhookResponseDto,
  DeliveryListResponseDto,
  DeliveryResponseDto,
  TestWebhookResponseDto,
  WebhookListResponseDto,
  WebhookResponseDto,
} from './dto/webhook-responses.dto';

/** A test send waits for the receiver, which has 10 s to answer (decisions.md), plus time to connect. */
const TEST_SEND_TIMEOUT_MS = 15_000;

const webhookId = new IntegerIdPipe('Webhook');
const deliveryId = new IntegerIdPipe('Delivery');
const invalid = ApiResponse({ status: 422, description: 'Invalid input', type: ErrorBodyDto });
const notFound = ApiNotFoundResponse({ description: 'No such webhook (or delivery) in this account', type: ErrorBodyDto });

@ApiTags('Webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  // The callback-secret routes come before `:id` so that `callback_secret` is never read as a webhook id.
  @Get('callback_secret')
  @RequirePermission('webhooks:read')
  @ApiOperation({ summary: 'Read the callback secret', description: "The secret signing this account's generation callbacks (callback_url)." })
  @ApiOkResponse({ type: CallbackSecretResponseDto })
  callbackSecret(@CurrentCaller() caller: Caller): Promise<{ secret: string }> {
    return this.rpc.request(WebhooksSubjects.getCallbackSecret, { caller });
  }

  @Post('callback_secret/rotate')
  @HttpCode(200)
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Rotate the callback secret', description: 'Callbacks sent from now on are signed with the new secret.' })
  @ApiOkResponse({ type: CallbackSecretResponseDto })
  rotateCallbackSecret(@CurrentCaller() caller: Caller): Promise<{ secret: string }> {
    return this.rpc.request(WebhooksSubjects.rotateCallbackSecret, { caller });
  }

  @Get()
  @RequirePermission('webhooks:read')
  @ApiOperation({ summary: 'List webhooks', description: "The account's subscriptions, newest first; secrets are not listed." })
  @ApiOkResponse({ type: WebhookListResponseDto })
  @invalid
  list(@CurrentCaller() caller: Caller, @Query() query: PageQueryDto): Promise<{ webhooks: WebhookView[]; meta: PageMeta }> {
    return this.rpc.request(WebhooksSubjects.list, { caller, ...paginated(query) });
  }

  @Post()
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Create a webhook', description: 'Subscribes a URL to events; without `secret` one is generated and returned here.' })
  @ApiCreatedResponse({ type: WebhookResponseDto })
  @invalid
  create(@CurrentCaller() caller: Caller, @Body() body: CreateWebhookDto): Promise<{ webhook: WebhookView }> {
    return this.rpc.request(WebhooksSubjects.create, { caller, ...body });
  }

  @Get(':id')
  @RequirePermission('webhooks:read')
  @ApiOperation({ summary: 'Read a webhook', description: 'Includes its signing secret.' })
  @ApiOkResponse({ type: WebhookResponseDto })
  @notFound
  get(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number): Promise<{ webhook: WebhookView }> {
    return this.rpc.request(WebhooksSubjects.get, { caller, id });
  }

  @Patch(':id')
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Update a webhook', description: 'Only the fields sent change; `enabled: false` pauses it.' })
  @ApiOkResponse({ type: WebhookResponseDto })
  @notFound
  @invalid
  update(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number, @Body() changes: UpdateWebhookDto): Promise<{ webhook: WebhookView }> {
    return this.rpc.request(WebhooksSubjects.update, { caller, id, changes: { ...changes } });
  }

  @Delete(':id')
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Delete a webhook', description: 'The subscription receives no further events.' })
  @ApiOkResponse({ type: DeleteWebhookResponseDto })
  @notFound
  delete(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number): Promise<{ success: true; message: string }> {
    return this.rpc.request(WebhooksSubjects.delete, { caller, id });
  }

  @Post(':id/test')
  @HttpCode(200)
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Send a test event', description: 'Sends a signed `webhook.test` event now and answers with the attempt.' })
  @ApiOkResponse({ type: TestWebhookResponseDto })
  @notFound
  test(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number): Promise<{ success: boolean; delivery: DeliveryView }> {
    return this.rpc.request(WebhooksSubjects.test, { caller, id }, TEST_SEND_TIMEOUT_MS);
  }

  @Get(':id/deliveries')
  @RequirePermission('webhooks:read')
  @ApiOperation({ summary: "List a webhook's deliveries", description: 'Newest first; filter by status and event.' })
  @ApiOkResponse({ type: DeliveryListResponseDto })
  @notFound
  @invalid
  deliveries(
    @CurrentCaller() caller: Caller,
    @Param('id', webhookId) id: number,
    @Query() { status, event, ...page }: ListDeliveriesQueryDto,
  ): Promise<{ deliveries: DeliveryView[]; meta: PageMeta }> {
    return this.rpc.request(WebhooksSubjects.listDeliveries, { caller, id, status, event, ...paginated(page) });
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @ApiOperation({ summary: 'Redeliver', description: "Queues the delivery's event to be sent again, signed afresh; the body's `id` is the event's, as before." })
  @ApiAcceptedResponse({ type: DeliveryResponseDto })
  @notFound
  redeliver(
    @CurrentCaller() caller: Caller,
    @Param('id', webhookId) id: number,
    @Param('delivery_id', deliveryId) delivery_id: number,
  ): Promise<{ delivery: DeliveryView }> {
    return this.rpc.request(WebhooksSubjects.redeliver, { caller, id, delivery_id });
  }
}
