import type { DataSource, EntityManager } from 'typeorm';
import { AppgenError } from './appgen-error';
import { sqlState } from './postgres-errors';

/** Postgres aborts one of two transactions that wait on each other (40P01) or that cannot be serialised (40001). */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, running it again when Postgres aborted it only because a concurrent
 * transaction held what it needed (a deadlock between cascading deletes, say): the abort rolled everything
 * back, so a new try is safe. After the last try the caller gets a 409 it can retry, never a 500.
 */
export async function transactionWithRetry<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (!RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) throw error;
      if (attempt >= ATTEMPTS) throw AppgenError.of('conflict', 'A concurrent change to the same rows got in the way; try again');
    }
  }
}
