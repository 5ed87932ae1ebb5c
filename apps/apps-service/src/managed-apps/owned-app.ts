import type { EntityManager } from 'typeorm';
import type { Caller } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { ManagedAppEntity } from './managed-app.entity';

/**
 * The caller's app, or 404 (another account's app is reported as missing, never as forbidden).
 * With `lock`, the row stays locked until the transaction ends, so changes that number versions or
 * compare old and new values apply one after the other.
 */
export async function findOwnedApp(
  manager: EntityManager,
  caller: Caller,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ManagedAppEntity> {
  const query = manager
    .getRepository(ManagedAppEntity)
    .createQueryBuilder('app')
    .where('app.id = :id AND app.accountId = :accountId', { id, accountId: caller.accountId });
  if (options.lock) query.setLock('pessimistic_write');
  const app = await query.getOne();
  if (!app) throw AppgenError.notFound('App', id);
  return app;
}
