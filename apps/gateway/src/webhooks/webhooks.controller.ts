import { Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CallbackSecretResponse,
  Closed,
  CreateWebhookBody,
  DeleteWebhookResponse,
  DeliveryListResponse,
  DeliveryResponse,
  ListDeliveriesQuery,
  PageQueryFields,
  TestWebhookResponse,
  UpdateWebhookBody,
  WebhookListResponse,
  WebhookResponse,
  WebhooksSubjects,
  type Caller,
  type RpcResponse,
  type Static,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation, ValidBody, ValidQuery } from '../common/contract-input';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { paginated } from '../common/pagination';
import { TakesNoBody } from '../common/refuse-body';

/** A test send waits for the receiver, which has 10 s to answer (decisions.md), plus time to connect. */
const TEST_SEND_TIMEOUT_MS = 15_000;

const webhookId = new IntegerIdPipe('Webhook');
const deliveryId = new IntegerIdPipe('Delivery');
const ListWebhooksQuery = Closed(PageQueryFields);

type Reply<S extends (typeof WebhooksSubjects)[keyof typeof WebhooksSubjects]> = Promise<RpcResponse<S>>;

@ApiTags('Webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  // The callback-secret routes come before `:id` so that `callback_secret` is never read as a webhook id.
  @Get('callback_secret')
  @RequirePermission('webhooks:read')
  @Operation({
    id: 'getCallbackSecret',
    summary: 'Read the callback secret',
    description: "The secret signing this account's generation callbacks (callback_url).",
    returns: CallbackSecretResponse,
  })
  callbackSecret(@CurrentCaller() caller: Caller): Reply<typeof WebhooksSubjects.getCallbackSecret> {
    return this.rpc.request(WebhooksSubjects.getCallbackSecret, { caller });
  }

  @Post('callback_secret/rotate')
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @Operation({
    id: 'rotateCallbackSecret',
    summary: 'Rotate the callback secret',
    description: 'Callbacks sent from now on are signed with the new secret.',
    returns: CallbackSecretResponse,
  })
  rotateCallbackSecret(@CurrentCaller() caller: Caller): Reply<typeof WebhooksSubjects.rotateCallbackSecret> {
    return this.rpc.request(WebhooksSubjects.rotateCallbackSecret, { caller });
  }

  @Get()
  @RequirePermission('webhooks:read')
  @Operation({ id: 'listWebhooks', summary: 'List webhooks', description: "The account's subscriptions, newest first; secrets are not listed.", returns: WebhookListResponse })
  list(@CurrentCaller() caller: Caller, @ValidQuery(ListWebhooksQuery) query: Static<typeof ListWebhooksQuery>): Reply<typeof WebhooksSubjects.list> {
    return this.rpc.request(WebhooksSubjects.list, { caller, ...paginated(query) });
  }

  @Post()
  @RequirePermission('webhooks:write')
  @Operation({
    id: 'createWebhook',
    summary: 'Create a webhook',
    description: 'Subscribes a URL to events; without `secret` one is generated and returned here.',
    status: 201,
    returns: WebhookResponse,
  })
  create(@CurrentCaller() caller: Caller, @ValidBody(CreateWebhookBody) body: CreateWebhookBody): Reply<typeof WebhooksSubjects.create> {
    return this.rpc.request(WebhooksSubjects.create, { caller, ...body });
  }

  @Get(':id')
  @RequirePermission('webhooks:read')
  @Operation({ id: 'getWebhook', summary: 'Read a webhook', description: 'Includes its signing secret.', returns: WebhookResponse })
  get(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number): Reply<typeof WebhooksSubjects.get> {
    return this.rpc.request(WebhooksSubjects.get, { caller, id });
  }

  @Patch(':id')
  @RequirePermission('webhooks:write')
  @Operation({ id: 'updateWebhook', summary: 'Update a webhook', description: 'Only the fields sent change; `enabled: false` pauses it.', returns: WebhookResponse })
  update(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number, @ValidBody(UpdateWebhookBody) changes: UpdateWebhookBody): Reply<typeof WebhooksSubjects.update> {
    return this.rpc.request(WebhooksSubjects.update, { caller, id, changes });
  }

  @Delete(':id')
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @Operation({ id: 'deleteWebhook', summary: 'Delete a webhook', description: 'The subscription receives no further events.', returns: DeleteWebhookResponse })
  delete(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number): Reply<typeof WebhooksSubjects.delete> {
    return this.rpc.request(WebhooksSubjects.delete, { caller, id });
  }

  @Post(':id/test')
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @Operation({
    id: 'testWebhook',
    summary: 'Send a test event',
    description: 'Sends a signed `webhook.test` event now and answers with the attempt.',
    returns: TestWebhookResponse,
  })
  test(@CurrentCaller() caller: Caller, @Param('id', webhookId) id: number): Reply<typeof WebhooksSubjects.test> {
    return this.rpc.request(WebhooksSubjects.test, { caller, id }, TEST_SEND_TIMEOUT_MS);
  }

  @Get(':id/deliveries')
  @RequirePermission('webhooks:read')
  @Operation({ id: 'listWebhookDeliveries', summary: "List a webhook's deliveries", description: 'Newest first; filter by status and event.', returns: DeliveryListResponse })
  deliveries(
    @CurrentCaller() caller: Caller,
    @Param('id', webhookId) id: number,
    @ValidQuery(ListDeliveriesQuery) { status, event, ...page }: Static<typeof ListDeliveriesQuery>,
  ): Reply<typeof WebhooksSubjects.listDeliveries> {
    return this.rpc.request(WebhooksSubjects.listDeliveries, { caller, id, status, event, ...paginated(page) });
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @TakesNoBody()
  @RequirePermission('webhooks:write')
  @Operation({
    id: 'redeliverWebhookDelivery',
    summary: 'Redeliver',
    description: "Queues the delivery's event to be sent again, signed afresh; the body's `id` is the event's, as before.",
    status: 202,
    returns: DeliveryResponse,
  })
  redeliver(
    @CurrentCaller() caller: Caller,
    @Param('id', webhookId) id: number,
    @Param('delivery_id', deliveryId) delivery_id: number,
  ): Reply<typeof WebhooksSubjects.redeliver> {
    return this.rpc.request(WebhooksSubjects.redeliver, { caller, id, delivery_id });
  }
}
