import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import {
  DELIVERY_STATUSES,
  EVENT_KINDS,
  isEventKind,
  pageMeta,
  pageOffset,
  WEBHOOK_TEST_EVENT,
  type DeliveryBody,
  type DeliveryView,
  type ListDeliveriesRequest,
  type RedeliverRequest,
  type RpcResponse,
  type WebhookByIdRequest,
  type WebhooksSubjects,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { DeliveryEntity } from './delivery.entity';
import { DELIVERIES_CHANNEL, DeliveryWorker } from './delivery-worker';

export function deliveryView(entity: DeliveryEntity): DeliveryView {
  return {
    id: entity.id,
    event_id: entity.eventId,
    event: entity.event as DeliveryView['event'],
    status: entity.status,
    attempts: entity.attempts,
    response_status: entity.responseStatus,
    response_ms: entity.responseMs,
    error: entity.error,
    next_attempt_at: entity.status === 'pending' && entity.nextAttemptAt ? entity.nextAttemptAt.toISOString() : null,
    created_at: entity.createdAt.toISOString(),
    delivered_at: entity.deliveredAt ? entity.deliveredAt.toISOString() : null,
  };
}

@Injectable()
export class DeliveriesService {
  private readonly deliveries: Repository<DeliveryEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    private readonly worker: DeliveryWorker,
  ) {
    this.deliveries = dataSource.getRepository(DeliveryEntity);
  }

  async list(request: ListDeliveriesRequest): Promise<RpcResponse<typeof WebhooksSubjects.listDeliveries>> {
    const subscription = await this.subscriptions.owned(request.caller.accountId, request.id);
    if (request.status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(request.status)) {
      throw AppgenError.validation([{ field: 'status', message: `must be one of ${DELIVERY_STATUSES.join(', ')}` }]);
    }
    if (request.event !== undefined && !isEventKind(request.event) && request.event !== WEBHOOK_TEST_EVENT) {
      throw AppgenError.validation([{ field: 'event', message: `must be one of ${[...EVENT_KINDS, WEBHOOK_TEST_EVENT].join(', ')}` }]);
    }
    const [rows, total] = await this.deliveries.findAndCount({
      where: {
        subscriptionId: subscription.id,
        ...(request.status ? { status: request.status } : {}),
        ...(request.event ? { event: request.event } : {}),
      },
      order: { id: 'DESC' },
      skip: pageOffset(request),
      take: request.per_page,
    });
    return { deliveries: rows.map(deliveryView), meta: pageMeta(request, total) };
  }

  /**
   * A new attempt of the same delivery (same id and body), due now, with a fresh retry schedule. A pending
   * delivery due within a lease is left as it is: it may be in flight (a worker's lease looks the same), and a
   * second send must never start beside it; at worst it goes out a lease later.
   */
  async redeliver(request: RedeliverRequest): Promise<DeliveryView> {
    const subscription = await this.subscriptions.owned(request.caller.accountId, request.id);
    const found = Number.isSafeInteger(request.delivery_id)
      ? await this.deliveries.findOneBy({ id: request.delivery_id, subscriptionId: subscription.id })
      : null;
    if (!found) throw AppgenError.notFound('Delivery', String(request.delivery_id));
    if (!subscription.enabled) {
      throw AppgenError.of('conflict', `Webhook ${subscription.id} is disabled; enable it (PATCH enabled: true) to redeliver`);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE deliveries SET status = 'pending', failed_steps = 0,
                next_attempt_at = CASE WHEN status = 'pending' AND next_attempt_at > now()
                                        AND next_attempt_at <= now() + make_interval(secs => $2::int)
                                       THEN next_attempt_at ELSE now() END
          WHERE id = $1`,
        [found.id, this.worker.leaseSeconds],
      );
      await manager.query('SELECT pg_notify($1, current_schema())', [DELIVERIES_CHANNEL]);
    });
    this.worker.wake();
    return deliveryView(await this.deliveries.findOneByOrFail({ id: found.id }));
  }

  /** Sends a signed `webhook.test` to the subscription now and reports the attempt's outcome. */
  async test(request: WebhookByIdRequest): Promise<RpcResponse<typeof WebhooksSubjects.test>> {
    const subscription = await this.subscriptions.owned(request.caller.accountId, request.id);
    const eventId = randomUUID();
    const body: DeliveryBody = {
      id: eventId,
      event: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      account_id: subscription.accountId,
      app_id: null,
      data: { webhook: { id: subscription.id, name: subscription.name }, message: 'This is a test event from appgen.' },
    };
    // Leased from the start, so the worker's passes leave it to this request's own attempt.
    const inserted: Array<{ id: number }> = await this.dataSource.query(
      `INSERT INTO deliveries (account_id, subscription_id, event_id, event, body, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
      [subscription.accountId, subscription.id, eventId, WEBHOOK_TEST_EVENT, JSON.stringify(body), this.worker.leaseSeconds],
    );
    const id = inserted[0]?.id;
    if (id === undefined) throw AppgenError.of('internal_error', 'the test delivery could not be stored');
    await this.worker.attemptNow(id);
    const delivery = deliveryView(await this.deliveries.findOneByOrFail({ id }));
    return { success: delivery.status === 'succeeded', delivery };
  }
}
