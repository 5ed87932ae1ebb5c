import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import {
  pageMeta,
  pageOffset,
  type CallerRequest,
  type CreateWebhookRequest,
  type FieldError,
  type PageRequest,
  type RpcResponse,
  type UpdateWebhookRequest,
  type WebhookByIdRequest,
  type WebhookSource,
  type WebhooksSubjects,
  type WebhookView,
} from '@appgen/contracts';
import { AppgenError, openSecret, sealSecret } from '@appgen/service-kit';
import { receiverUrlProblem } from '../common/receiver-url';
import { generateWebhookSecret } from '../common/generated-secrets';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../config/webhooks.config';
import { checkEvents, DEFAULT_WEBHOOK_NAME } from './subscription-input';
import { SubscriptionEntity } from './subscription.entity';

@Injectable()
export class SubscriptionsService {
  private readonly subscriptions: Repository<SubscriptionEntity>;

  constructor(
    dataSource: DataSource,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {
    this.subscriptions = dataSource.getRepository(SubscriptionEntity);
  }

  view(entity: SubscriptionEntity, withSecret: boolean): WebhookView {
    return {
      id: entity.id,
      url: entity.url,
      name: entity.name,
      description: entity.description,
      events: entity.events,
      enabled: entity.enabled,
      source: entity.source,
      ...(withSecret ? { secret: openSecret(this.config.secretsKey, entity.secretSealed) } : {}),
      created_at: entity.createdAt.toISOString(),
    };
  }

  /** The caller's subscription, or 404: another account's subscription is reported as missing. */
  async owned(accountId: number, id: unknown, source?: WebhookSource): Promise<SubscriptionEntity> {
    const found = Number.isSafeInteger(id) ? await this.subscriptions.findOneBy({ id: Number(id), accountId, ...(source ? { source } : {}) }) : null;
    if (!found) throw AppgenError.notFound(source === 'zapier' ? 'Zapier hook' : 'Webhook', String(id));
    return found;
  }

  async list(request: CallerRequest & PageRequest): Promise<RpcResponse<typeof WebhooksSubjects.list>> {
    const [rows, total] = await this.subscriptions.findAndCount({
      where: { accountId: request.caller.accountId },
      order: { id: 'DESC' },
      skip: pageOffset(request),
      take: request.per_page,
    });
    return { webhooks: rows.map((row) => this.view(row, false)), meta: pageMeta(request, total) };
  }

  async create(request: CreateWebhookRequest): Promise<WebhookView> {
    const source: WebhookSource = request.source === 'zapier' ? 'zapier' : 'api';
    // A Zapier hook is created from {target_url, event}: its errors name those fields.
    const fields = source === 'zapier' ? { url: 'target_url', events: 'event' } : { url: 'url', events: 'events' };
    const errors: FieldError[] = [];
    // The fields' shapes, limits and characters were checked against CreateWebhookRequest before the handler ran;
    // what is left is whether the address may receive, and events listed twice.
    const urlProblem = await receiverUrlProblem(request.url, this.config.WEBHOOK_ALLOW_PRIVATE, fields.url);
    if (urlProblem) errors.push(urlProblem);
    const events = checkEvents(request.events);
    if ('error' in events) errors.push({ ...events.error, field: fields.events });
    if (errors.length > 0 || 'error' in events) throw AppgenError.validation(errors);
    const saved = await this.subscriptions.save(
      this.subscriptions.create({
        accountId: request.caller.accountId,
        url: request.url,
        name: request.name?.trim() || DEFAULT_WEBHOOK_NAME,
        description: request.description ?? null,
        events: events.events,
        enabled: true,
        source,
        secretSealed: sealSecret(this.config.secretsKey, request.secret ?? generateWebhookSecret()),
        failingSince: null,
      }),
    );
    return this.view(saved, true);
  }

  async get(request: CallerRequest & { id: number }): Promise<WebhookView> {
    return this.view(await this.owned(request.caller.accountId, request.id), true);
  }

  async update(request: UpdateWebhookRequest): Promise<WebhookView> {
    const subscription = await this.owned(request.caller.accountId, request.id);
    const changes = request.changes ?? {};
    const errors: FieldError[] = [];
    if (changes.url !== undefined) {
      const problem = await receiverUrlProblem(changes.url, this.config.WEBHOOK_ALLOW_PRIVATE);
      if (problem) errors.push(problem);
    }
    const events = changes.events === undefined ? undefined : checkEvents(changes.events);
    if (events && 'error' in events) errors.push(events.error);
    if (errors.length > 0) throw AppgenError.validation(errors);
    if (changes.url !== undefined) subscription.url = changes.url;
    if (events && 'events' in events) subscription.events = events.events;
    if (changes.name !== undefined) subscription.name = changes.name.trim();
    if (changes.description !== undefined) subscription.description = changes.description;
    if (changes.secret !== undefined) subscription.secretSealed = sealSecret(this.config.secretsKey, changes.secret);
    if (changes.enabled !== undefined) {
      // Re-enabling starts a fresh failing streak, or the next failure would disable it again at once.
      if (changes.enabled && !subscription.enabled) subscription.failingSince = null;
      subscription.enabled = changes.enabled;
    }
    return this.view(await this.subscriptions.save(subscription), true);
  }

  async delete(request: WebhookByIdRequest): Promise<RpcResponse<typeof WebhooksSubjects.delete>> {
    const subscription = await this.owned(request.caller.accountId, request.id, request.source);
    const deleted = await this.subscriptions.delete({ id: subscription.id });
    // A delete that ran alongside took it first: that one answers 200, this one finds nothing to remove.
    if (deleted.affected === 0) throw AppgenError.notFound(request.source === 'zapier' ? 'Zapier hook' : 'Webhook', String(request.id));
    return { success: true, message: `Webhook ${subscription.id} deleted` };
  }
}
