import { SCOPE_GRANTS, type ApiKeyScope, type Caller, type Plan } from '@appgen/contracts';

export interface CallerAccount {
  id: number;
  email: string;
  plan: Plan;
}

export function buildCaller(account: CallerAccount, keyId: number | null, scope: ApiKeyScope): Caller {
  return { accountId: account.id, email: account.email, plan: account.plan, keyId, scope, grants: [...SCOPE_GRANTS[scope]] };
}
