import { SCOPE_GRANTS, UNCLAIMED_ACCOUNT_ID, type Caller } from '@appgen/contracts';

/**
 * Who claim-service acts as towards the other services for an app no account owns yet: the unclaimed owner
 * (UNCLAIMED_ACCOUNT_ID), which no account is. Its generation is queued, read and, when nobody claims it, deleted
 * as this caller, so every other service's ownership checks apply to anonymous builds unchanged.
 */
export const UNCLAIMED_CALLER: Caller = {
  accountId: UNCLAIMED_ACCOUNT_ID,
  email: '',
  plan: 'free',
  keyId: null,
  scope: 'full_access',
  grants: [...SCOPE_GRANTS.full_access],
};
