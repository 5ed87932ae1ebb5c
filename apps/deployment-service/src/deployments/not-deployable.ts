import { NOT_DEPLOYABLE_ERROR } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/** Why an app cannot go to production yet, in the words the refusal shows. */
export interface NotDeployableReason {
  reason: string;
  suggestedAction: string;
  fixUrl: string;
}

/**
 * The contract's deploy refusal (section 7): 422 `{error: 'App is not deployable', reason, recoverable: true,
 * suggested_action, fix_url}`; `message` repeats the reason, because every error body of appgen carries one.
 */
export function notDeployable(why: NotDeployableReason): AppgenError {
  return AppgenError.of(NOT_DEPLOYABLE_ERROR, why.reason, {
    reason: why.reason,
    recoverable: true,
    suggested_action: why.suggestedAction,
    fix_url: why.fixUrl,
  });
}
