import { CreateWebhooks1763700003000 } from './1763700003000-create-webhooks';
import { IndexPendingDeliveries1763700005000 } from './1763700005000-index-pending-deliveries';
import { IndexCallbackJobsOnly1763700006000 } from './1763700006000-index-callback-jobs-only';
import { AddDeliveryTrace1763900001600 } from './1763900001600-add-delivery-trace';

/** Every migration of the `webhooks` schema, oldest first. */
export const WEBHOOKS_MIGRATIONS = [CreateWebhooks1763700003000, IndexPendingDeliveries1763700005000, IndexCallbackJobsOnly1763700006000, AddDeliveryTrace1763900001600];
