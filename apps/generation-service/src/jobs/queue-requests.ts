import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { IDEMPOTENCY_KEY_TTL_MS, type Caller, type QueueGenerationRequest } from '@appgen/contracts';
import { canonicalJson } from '@appgen/service-kit';

/** A recorded queue request: the job id it queues under, and what it asked for. */
export interface QueueRequest {
  jobId: string;
  fingerprint: string;
}

/** A request whose job never came to exist: what has to be given back. */
export interface AbandonedRequest {
  jobId: string;
  caller: Caller;
  appId: string | null;
}

interface RequestRow {
  job_id: string;
  fingerprint: string;
}

interface AbandonedRow {
  job_id: string;
  caller: Caller;
  app_id: string | null;
}

/** What makes a retry "the same request": everything the caller asked for, whatever the order of its keys. */
export function queueFingerprint(request: QueueGenerationRequest): string {
  const { caller: _caller, idempotency_key: _key, ...asked } = request;
  return createHash('sha256').update(canonicalJson(asked)).digest('hex');
}

/**
 * The queue_requests table. A request is recorded before credits are held, and names the job id it queues under:
 * a retry with the same Idempotency-Key gets that job id back and resumes it (every step after is idempotent per job
 * id or per key), and a request whose process died before its job existed is found by `abandoned` later.
 */
@Injectable()
export class QueueRequests {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records a request under `jobId`; with a key already recorded for this account in the last day, answers that
   * request instead (its job id, and what it asked for, to compare).
   */
  async record(request: { jobId: string; caller: Caller; requestKey: string | null; fingerprint: string; appId: string | null }): Promise<QueueRequest> {
    const { jobId, caller, requestKey, fingerprint, appId } = request;
    if (requestKey !== null) {
      await this.dataSource.query(
        `DELETE FROM queue_requests
          WHERE account_id = $1 AND request_key = $2 AND created_at < now() - $3 * interval '1 millisecond'`,
        [caller.accountId, requestKey, IDEMPOTENCY_KEY_TTL_MS],
      );
    }
    // A key recorded by another attempt wins: its row is returned below. A row the sweeper deletes in between is
    // retried, so the loop ends after a second insert at the latest.
    for (;;) {
      const inserted: RequestRow[] = await this.dataSource.query(
        `INSERT INTO queue_requests (job_id, account_id, request_key, fingerprint, caller, app_id)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, request_key) WHERE request_key IS NOT NULL DO NOTHING
         RETURNING job_id, fingerprint`,
        [jobId, caller.accountId, requestKey, fingerprint, JSON.stringify(caller), appId],
      );
      const [row] = inserted.length > 0 || requestKey === null ? inserted : await this.keyed(caller.accountId, requestKey);
      if (row) return { jobId: row.job_id, fingerprint: row.fingerprint };
    }
  }

  /** The app the request works on, once it exists, so an abandoned request's app can be put back. */
  async setApp(jobId: string, appId: string): Promise<void> {
    await this.dataSource.query('UPDATE queue_requests SET app_id = $2 WHERE job_id = $1', [jobId, appId]);
  }

  /** Forgets a request that failed for good, so a retry with its key runs afresh. */
  async forget(jobId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM queue_requests WHERE job_id = $1', [jobId]);
  }

  /**
   * Runs `giveBack` for each request older than `olderThanMs` whose job was never queued (its process died, or a
   * retry never came), then forgets it; a request `giveBack` could not settle (false) stays for the next pass. Replicas share the work:
   * each row is locked by one pass. Requests whose job exists are forgotten a day on, with their keys.
   */
  async sweep(olderThanMs: number, giveBack: (request: AbandonedRequest) => Promise<boolean>): Promise<number> {
    await this.dataSource.query(
      `DELETE FROM queue_requests r
        WHERE r.created_at < now() - $1 * interval '1 millisecond'
          AND EXISTS (SELECT 1 FROM generation_jobs j WHERE j.job_id = r.job_id)`,
      [IDEMPOTENCY_KEY_TTL_MS],
    );
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const rows: AbandonedRow[] = await manager.query(
        `SELECT r.job_id, r.caller, r.app_id
           FROM queue_requests r
          WHERE r.created_at < now() - $1 * interval '1 millisecond'
            AND NOT EXISTS (SELECT 1 FROM generation_jobs j WHERE j.job_id = r.job_id)
          ORDER BY r.created_at
          LIMIT 20
          FOR UPDATE SKIP LOCKED`,
        [olderThanMs],
      );
      let swept = 0;
      for (const row of rows) {
        if (!(await giveBack({ jobId: row.job_id, caller: row.caller, appId: row.app_id }))) continue;
        await manager.query('DELETE FROM queue_requests WHERE job_id = $1', [row.job_id]);
        swept += 1;
      }
      return swept;
    });
  }

  private keyed(accountId: number, requestKey: string): Promise<RequestRow[]> {
    return this.dataSource.query('SELECT job_id, fingerprint FROM queue_requests WHERE account_id = $1 AND request_key = $2', [accountId, requestKey]);
  }
}
