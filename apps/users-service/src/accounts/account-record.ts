import type { AccountRecord } from '@appgen/contracts';
import type { AccountEntity } from './account.entity';

export function toAccountRecord(account: AccountEntity): AccountRecord {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    plan: account.plan,
    created_at: account.createdAt.toISOString(),
  };
}
