import type { CallerRequest } from './caller';
import type { DomainEvent, EventKind } from './events';
import type { PageMeta, PageRequest } from './pagination';
import type { Rpc } from './rpc';

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

/** Headers of every delivery (decisions.md "Webhooks"). */
export const WEBHOOK_HEADERS = {
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  event: 'X-Service-Event',
  delivery: 'X-Service-Delivery',
} as const;

export type WebhookSource = 'api' | 'zapier';

/** The Webhook subscription resource; `secret` only in the create and single-read responses. */
export interface WebhookView {
  id: number;
  url: string;
  name: string;
  description: string | null;
  events: EventKind[];
  enabled: boolean;
  source: WebhookSource;
  secret?: string;
  created_at: string;
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryView {
  id: number;
  event_id: string;
  event: EventKind | typeof WEBHOOK_TEST_EVENT;
  status: DeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface CreateWebhookRequest extends CallerRequest {
  url: string;
  events: EventKind[];
  name?: string;
  secret?: string;
  description?: string;
  /** `zapier` for a REST hook Zapier subscribed (POST /zapier/hooks); `api` when absent */
  source?: WebhookSource;
}
export interface WebhookByIdRequest extends CallerRequest {
  id: number;
  /** only a subscription of this source; another one is reported as missing (DELETE /zapier/hooks/:id) */
  source?: WebhookSource;
}
export interface UpdateWebhookRequest extends WebhookByIdRequest {
  changes: { url?: string; events?: EventKind[]; name?: string; description?: string; enabled?: boolean; secret?: string };
}
export interface ListDeliveriesRequest extends WebhookByIdRequest, PageRequest {
  status?: DeliveryStatus;
  event?: string;
}
export interface RedeliverRequest extends WebhookByIdRequest {
  delivery_id: number;
}

/** The generation callback body (contract section 6), signed with the account's callback secret. */
export interface GenerationCallbackBody {
  event: 'app.generation.completed' | 'app.generation.failed';
  app_id: string;
  app_name: string;
  status: 'generated' | 'failed';
  urls: { preview: string | null; production: string | null; editor: string };
  generation: { message_id: number; started_at: string | null; completed_at: string | null };
  credits_used?: number;
  tokens_used?: { input: number; output: number };
  metadata: Record<string, unknown>;
  /** why the generation failed; only on failures */
  error?: string;
}
export interface EnqueueCallbackRequest {
  account_id: number;
  /** the job id: a repeated hand-over of the same job's callback adds nothing */
  job_id: string;
  url: string;
  body: GenerationCallbackBody;
}

export interface CallbackDeliveriesRequest {
  account_id: number;
  job_ids: string[];
}
export interface CallbackDeliveriesResponse {
  /** by job id; a job whose callback was never handed over is absent */
  deliveries: Record<string, DeliveryView>;
}

/** The body of a subscription delivery is the event's envelope as it is on the bus. */
export type DeliveryBody = DomainEvent | (Omit<DomainEvent, 'event' | 'data'> & { event: typeof WEBHOOK_TEST_EVENT; data: Record<string, unknown> });

export interface WebhooksRpc {
  [WebhooksSubjects.list]: Rpc<CallerRequest & PageRequest, { webhooks: WebhookView[]; meta: PageMeta }>;
  [WebhooksSubjects.create]: Rpc<CreateWebhookRequest, { webhook: WebhookView }>;
  [WebhooksSubjects.get]: Rpc<WebhookByIdRequest, { webhook: WebhookView }>;
  [WebhooksSubjects.update]: Rpc<UpdateWebhookRequest, { webhook: WebhookView }>;
  [WebhooksSubjects.delete]: Rpc<WebhookByIdRequest, { success: true; message: string }>;
  [WebhooksSubjects.test]: Rpc<WebhookByIdRequest, { success: boolean; delivery: DeliveryView }>;
  [WebhooksSubjects.listDeliveries]: Rpc<ListDeliveriesRequest, { deliveries: DeliveryView[]; meta: PageMeta }>;
  [WebhooksSubjects.redeliver]: Rpc<RedeliverRequest, { delivery: DeliveryView }>;
  [WebhooksSubjects.getCallbackSecret]: Rpc<CallerRequest, { secret: string }>;
  [WebhooksSubjects.rotateCallbackSecret]: Rpc<CallerRequest, { secret: string }>;
  [WebhooksSubjects.enqueueCallback]: Rpc<EnqueueCallbackRequest, { accepted: true }>;
  [WebhooksSubjects.checkCallbackUrl]: Rpc<{ url: string }, { ok: true }>;
  [WebhooksSubjects.callbackDeliveries]: Rpc<CallbackDeliveriesRequest, CallbackDeliveriesResponse>;
}
