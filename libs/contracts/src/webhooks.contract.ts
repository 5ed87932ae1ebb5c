import { CallerFields, PLANS } from './caller';
import { API_KEY_SCOPES, GRANTS } from './permissions';
import { EVENT_KINDS, type DomainEvent } from './events';
import { TEXT_LIMITS } from './limits';
import { PageFields, PageMeta, PageQueryFields } from './pagination';
import { rpc, type RpcTypes } from './rpc';
import { Closed, IntegerId, Metadata, Named, Nullable, StoredText, StringEnum, Timestamp, Type, type Static } from './schema';

/** Subjects answered by webhooks-service (queue group `webhooks-service`). */
export const WebhooksSubjects = {
  list: 'webhooks.subscriptions.list',
  create: 'webhooks.subscriptions.create',
  get: 'webhooks.subscriptions.get',
  update: 'webhooks.subscriptions.update',
  delete: 'webhooks.subscriptions.delete',
  /** sends a signed `webhook.test` event to one subscription */
  test: 'webhooks.subscriptions.test',
  listDeliveries: 'webhooks.deliveries.list',
  redeliver: 'webhooks.deliveries.redeliver',
  getCallbackSecret: 'webhooks.callback_secret.get',
  rotateCallbackSecret: 'webhooks.callback_secret.rotate',
  /** generation-service hands over a generation callback (contract section 6) to be signed and delivered */
  enqueueCallback: 'webhooks.callbacks.enqueue',
  /** generation-service checks a callback_url when a job is queued: 422 for an address that may not receive */
  checkCallbackUrl: 'webhooks.callbacks.check_url',
  /** generation-service asks how the callbacks of some jobs went, to show them on the jobs */
  callbackDeliveries: 'webhooks.callbacks.deliveries',
} as const;

/** The event a test send carries, besides the twelve kinds (decisions.md). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_SOURCES = ['api', 'zapier'] as const;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];

/** An http(s) URL that receives signed deliveries (a webhook's `url`, a Zapier hook's `target_url`, a generation's `callback_url`). */
export const ReceivingUrl = StoredText(TEXT_LIMITS.url, {
  'x-trim': true,
  format: 'http-url',
  'x-message': 'must be an http or https URL',
  description: 'http(s) URL receiving signed POSTs; private, loopback and link-local addresses are refused',
  example: 'https://example.com/hooks/appgen',
});

/** The event kinds a subscription receives: at least one, each one of the twelve. */
export const SubscribedEvents = Type.Array(StringEnum(EVENT_KINDS), {
  minItems: 1,
  'x-message': 'must list at least one event',
  example: ['app.created', 'app.deployment.completed'],
});

/** The Webhook subscription resource; `secret` only in the create and single-read responses. */
export const WebhookView = Named(
  'Webhook',
  Closed({
    id: Type.Integer(),
    url: Type.String({ format: 'uri' }),
    name: Type.String(),
    description: Nullable(Type.String()),
    events: Type.Array(StringEnum(EVENT_KINDS)),
    enabled: Type.Boolean(),
    source: StringEnum(WEBHOOK_SOURCES),
    secret: Type.Optional(Type.String()),
    created_at: Timestamp,
  }),
);
export type WebhookView = Static<typeof WebhookView>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliveryView = Named(
  'Delivery',
  Closed({
    id: Type.Integer(),
    event_id: Type.String(),
    event: StringEnum([...EVENT_KINDS, WEBHOOK_TEST_EVENT]),
    status: StringEnum(DELIVERY_STATUSES),
    attempts: Type.Integer(),
    response_status: Nullable(Type.Integer()),
    response_ms: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    next_attempt_at: Nullable(Timestamp),
    created_at: Timestamp,
    delivered_at: Nullable(Timestamp),
  }),
);
export type DeliveryView = Static<typeof DeliveryView>;

/** A webhook's signing secret as a caller may choose it: stored text within its limit, and printable ASCII besides. */
const WebhookSecret = Type.Unsafe<string>({
  allOf: [StoredText(TEXT_LIMITS.webhookSecret), { type: 'string', pattern: '^[\\x20-\\x7e]*$', 'x-message': 'must be printable ASCII characters' }],
  description: 'signing secret, printable ASCII; omitted: one is generated (whsec_...)',
});

const webhookFields = {
  url: ReceivingUrl,
  events: SubscribedEvents,
  name: Type.Optional(StoredText(TEXT_LIMITS.webhookName, { 'x-trim': true, description: 'one line', example: 'Deploy notifications' })),
  secret: Type.Optional(WebhookSecret),
  description: Type.Optional(StoredText(TEXT_LIMITS.webhookDescription, { description: 'may span lines' })),
};

/** Body of POST /webhooks. */
export const CreateWebhookBody = Named('CreateWebhookRequest', Closed(webhookFields));
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;
export const CreateWebhookRequest = Closed({
  ...CallerFields,
  ...webhookFields,
  /** `zapier` for a REST hook Zapier subscribed (POST /zapier/hooks); `api` when absent */
  source: Type.Optional(StringEnum(WEBHOOK_SOURCES)),
});
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;

/** Body of PATCH /webhooks/:id: only the fields sent change. */
export const UpdateWebhookBody = Named(
  'UpdateWebhookRequest',
  Closed({
    url: Type.Optional(ReceivingUrl),
    events: Type.Optional(SubscribedEvents),
    name: webhookFields.name,
    secret: webhookFields.secret,
    description: webhookFields.description,
    enabled: Type.Optional(Type.Boolean({ description: 'false: the subscription receives nothing until enabled again' })),
  }),
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

const WebhookId = IntegerId;
const webhookByIdFields = {
  ...CallerFields,
  id: WebhookId,
  /** only a subscription of this source; another one is reported as missing (DELETE /zapier/hooks/:id) */
  source: Type.Optional(StringEnum(WEBHOOK_SOURCES)),
};
export const WebhookByIdRequest = Closed(webhookByIdFields);
export type WebhookByIdRequest = Static<typeof WebhookByIdRequest>;
export const UpdateWebhookRequest = Closed({ ...webhookByIdFields, changes: UpdateWebhookBody });
export type UpdateWebhookRequest = Static<typeof UpdateWebhookRequest>;

/** Query of GET /webhooks/:id/deliveries. */
export const ListDeliveriesQuery = Closed({
  status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  event: Type.Optional(Type.String({ maxLength: 100, example: 'app.created', description: 'only deliveries of this event' })),
  ...PageQueryFields,
});
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;
export const ListDeliveriesRequest = Closed({ ...webhookByIdFields, ...ListDeliveriesQuery.properties, ...PageFields });
export type ListDeliveriesRequest = Static<typeof ListDeliveriesRequest>;
export const RedeliverRequest = Closed({ ...webhookByIdFields, delivery_id: IntegerId });
export type RedeliverRequest = Static<typeof RedeliverRequest>;

/** The generation callback body (contract section 6), signed with the account's callback secret. */
export const GenerationCallbackBody = Named(
  'GenerationCallback',
  Closed({
    event: StringEnum(['app.generation.completed', 'app.generation.failed'] as const),
    app_id: Type.String(),
    app_name: Type.String(),
    status: StringEnum(['generated', 'failed'] as const),
    urls: Closed({ preview: Nullable(Type.String()), production: Nullable(Type.String()), editor: Type.String() }),
    generation: Closed({ message_id: Type.Integer(), started_at: Nullable(Timestamp), completed_at: Nullable(Timestamp) }),
    credits_used: Type.Optional(Type.Integer()),
    tokens_used: Type.Optional(Closed({ input: Type.Integer(), output: Type.Integer() })),
    metadata: Metadata,
    /** why the generation failed; only on failures */
    error: Type.Optional(Type.String()),
  }),
);
export type GenerationCallbackBody = Static<typeof GenerationCallbackBody>;
export const EnqueueCallbackRequest = Closed({
  account_id: Type.Integer({ minimum: 1 }),
  /** the job id: a repeated hand-over of the same job's callback adds nothing */
  job_id: Type.String({ minLength: 1 }),
  url: Type.String({ minLength: 1 }),
  body: GenerationCallbackBody,
});
export type EnqueueCallbackRequest = Static<typeof EnqueueCallbackRequest>;

export const CallbackDeliveriesRequest = Closed({ account_id: Type.Integer({ minimum: 1 }), job_ids: Type.Array(Type.String()) });
export type CallbackDeliveriesRequest = Static<typeof CallbackDeliveriesRequest>;
export const CallbackDeliveriesResponse = Closed({
  /** by job id; a job whose callback was never handed over is absent */
  deliveries: Type.Record(Type.String(), DeliveryView),
});
export type CallbackDeliveriesResponse = Static<typeof CallbackDeliveriesResponse>;

export const WebhookResponse = Named('WebhookResponse', Closed({ webhook: WebhookView }));
export const WebhookListResponse = Named('WebhookList', Closed({ webhooks: Type.Array(WebhookView), meta: PageMeta }));
export const DeleteWebhookResponse = Named('DeleteWebhookResponse', Closed({ success: Type.Literal(true), message: Type.String() }));
export const TestWebhookResponse = Named('TestWebhookResponse', Closed({ success: Type.Boolean(), delivery: DeliveryView }));
export const DeliveryListResponse = Named('DeliveryList', Closed({ deliveries: Type.Array(DeliveryView), meta: PageMeta }));
export const DeliveryResponse = Named('DeliveryResponse', Closed({ delivery: DeliveryView }));
export const CallbackSecretResponse = Named('CallbackSecret', Closed({ secret: Type.String() }));

/** The body of a subscription delivery is the event's envelope as it is on the bus. */
export type DeliveryBody = DomainEvent | (Omit<DomainEvent, 'event' | 'data'> & { event: typeof WEBHOOK_TEST_EVENT; data: Record<string, unknown> });

export const WEBHOOKS_RPC = {
  [WebhooksSubjects.list]: rpc(Closed({ ...CallerFields, ...PageFields }), WebhookListResponse),
  [WebhooksSubjects.create]: rpc(CreateWebhookRequest, WebhookResponse),
  [WebhooksSubjects.get]: rpc(WebhookByIdRequest, WebhookResponse),
  [WebhooksSubjects.update]: rpc(UpdateWebhookRequest, WebhookResponse),
  [WebhooksSubjects.delete]: rpc(WebhookByIdRequest, DeleteWebhookResponse),
  [WebhooksSubjects.test]: rpc(WebhookByIdRequest, TestWebhookResponse),
  [WebhooksSubjects.listDeliveries]: rpc(ListDeliveriesRequest, DeliveryListResponse),
  [WebhooksSubjects.redeliver]: rpc(RedeliverRequest, DeliveryResponse),
  [WebhooksSubjects.getCallbackSecret]: rpc(Closed(CallerFields), CallbackSecretResponse),
  [WebhooksSubjects.rotateCallbackSecret]: rpc(Closed(CallerFields), CallbackSecretResponse),
  [WebhooksSubjects.enqueueCallback]: rpc(EnqueueCallbackRequest, Closed({ accepted: Type.Literal(true) })),
  /** the URL as given: webhooks-service judges it (scheme, credentials, address) and words its refusal */
  [WebhooksSubjects.checkCallbackUrl]: rpc(Closed({ url: StoredText(TEXT_LIMITS.url) }), Closed({ ok: Type.Literal(true) })),
  [WebhooksSubjects.callbackDeliveries]: rpc(CallbackDeliveriesRequest, CallbackDeliveriesResponse),
};
export type WebhooksRpc = RpcTypes<typeof WEBHOOKS_RPC>;

/** What Zapier sends when a Zap with an appgen trigger is turned on (REST hook subscribe). */
export const ZapierHookBody = Named(
  'ZapierHookRequest',
  Closed({
    target_url: { ...ReceivingUrl, description: 'where Zapier wants the events; private, loopback and link-local addresses are refused' },
    event: StringEnum(EVENT_KINDS, { example: 'app.generation.completed' }),
  }),
);
export type ZapierHookBody = Static<typeof ZapierHookBody>;
export const ZapierHookCreated = Named(
  'ZapierHook',
  Closed({ id: Type.Integer({ example: 12, description: 'the webhook subscription (source zapier); Zapier unsubscribes with it' }) }),
);
export const ZapierMe = Named(
  'ZapierMe',
  Closed({
    id: Type.Integer({ example: 7 }),
    email: Type.String({ description: 'Zapier labels the connection with it' }),
    plan: StringEnum(PLANS),
    scope: StringEnum(API_KEY_SCOPES, {
      description: "the connected key's scope; of an OAuth token, the narrowest key scope covering its grants (a label: it may hold fewer)",
    }),
    grants: Type.Array(StringEnum(GRANTS), { description: 'what the credential may do: its scope\'s permissions, or exactly the scopes an OAuth token was given' }),
  }),
);
export type ZapierMe = Static<typeof ZapierMe>;
