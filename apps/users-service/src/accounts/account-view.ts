import type { AccountView } from '@appgen/contracts';
import type { AccountEntity } from './account.entity';

export function toAccountView(account: AccountEntity): AccountView {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    plan: account.plan,
    credits: account.credits,
    created_at: account.createdAt.toISOString(),
  };
}
