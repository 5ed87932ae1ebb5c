import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CallbackDeliveriesRequest, CallbackDeliveriesResponse, EnqueueCallbackRequest } from '@appgen/contracts';
import { AppgenError, currentTraceparent, openSecret, sealSecret } from '@appgen/service-kit';
import { receiverUrlProblem } from '../common/receiver-url';
import { generateCallbackSecret } from '../common/generated-secrets';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../config/webhooks.config';
import { deliveryView } from '../deliveries/deliveries.service';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DELIVERIES_CHANNEL, DeliveryWorker } from '../deliveries/delivery-worker';

/** Jobs one lookup may ask about: a page of jobs, never the whole table. */
const MAX_JOBS_PER_LOOKUP = 100;

@Injectable()
export class CallbacksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  /** The account's callback secret, created on first use (concurrent first uses agree on one). */
  async secret(accountId: number, manager: EntityManager = this.dataSource.manager): Promise<string> {
    await manager.query(
      'INSERT INTO callback_secrets (account_id, secret_sealed) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING',
      [accountId, sealSecret(this.config.secretsKey, generateCallbackSecret())],
    );
    const rows: Array<{ secret_sealed: string }> = await manager.query('SELECT secret_sealed FROM callback_secrets WHERE account_id = $1', [accountId]);
    const row = rows[0];
    if (!row) throw AppgenError.of('internal_error', 'the callback secret could not be stored');
    return openSecret(this.config.secretsKey, row.secret_sealed);
  }

  async rotate(accountId: number): Promise<string> {
    const secret = generateCallbackSecret();
    await this.dataSource.query(
      `INSERT INTO callback_secrets (account_id, secret_sealed) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, rotated_at = now()`,
      [accountId, sealSecret(this.config.secretsKey, secret)],
    );
    return secret;
  }

  /** Refuses (422) a callback_url that may not receive deliveries (decisions.md, "Webhooks"). */
  async checkUrl(url: unknown): Promise<void> {
    const problem = await receiverUrlProblem(url, this.config.WEBHOOK_ALLOW_PRIVATE, 'callback_url');
    if (problem) throw AppgenError.validation([problem]);
  }

  /**
   * Queues a generation callback once per job; it is signed and retried like any delivery, and carries the
   * trace of the request that asked for it (the job's, as generation-service hands it over).
   */
  async enqueue(request: EnqueueCallbackRequest): Promise<void> {
    await this.checkUrl(request.url);
    if (typeof request.job_id !== 'string' || request.job_id === '') {
      throw AppgenError.validation([{ field: 'job_id', message: 'is required' }]);
    }
    const traceparent = currentTraceparent();
    await this.dataSource.transaction(async (manager) => {
      await this.secret(request.account_id, manager);
      const rows: Array<{ id: number }> = await manager.query(
        `INSERT INTO deliveries (account_id, url, job_id, event_id, event, body, traceparent, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now())
         ON CONFLICT (account_id, job_id) WHERE job_id IS NOT NULL DO NOTHING RETURNING id`,
        [request.account_id, request.url, request.job_id, randomUUID(), request.body.event, JSON.stringify(request.body), traceparent],
      );
      if (rows.length > 0) await manager.query('SELECT pg_notify($1, current_schema())', [DELIVERIES_CHANNEL]);
    });
    this.worker.wake();
  }

  /** The callback deliveries of some of an account's jobs, for the jobs to show how their callbacks went. */
  async deliveries(request: CallbackDeliveriesRequest): Promise<CallbackDeliveriesResponse> {
    const jobIds = Array.isArray(request.job_ids) ? request.job_ids.filter((id): id is string => typeof id === 'string') : [];
    if (jobIds.length > MAX_JOBS_PER_LOOKUP) {
      throw AppgenError.validation([{ field: 'job_ids', message: `at most ${MAX_JOBS_PER_LOOKUP} at once` }]);
    }
    if (jobIds.length === 0) return { deliveries: {} };
    const rows = await this.dataSource
      .getRepository(DeliveryEntity)
      .createQueryBuilder('delivery')
      .where('delivery.accountId = :accountId AND delivery.jobId IN (:...jobIds)', { accountId: request.account_id, jobIds })
      .getMany();
    return { deliveries: Object.fromEntries(rows.map((row) => [row.jobId, deliveryView(row)])) };
  }
}
