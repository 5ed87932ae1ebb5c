import { CreateCustomDomains1763900000000 } from './1763900000000-create-custom-domains';
import { RecheckVerifiedDomains1764100000000 } from './1764100000000-recheck-verified-domains';
import { ConfirmMovedDomains1764300000000 } from './1764300000000-confirm-moved-domains';

/** Every migration of the `domains` schema, oldest first. */
export const DOMAINS_MIGRATIONS = [CreateCustomDomains1763900000000, RecheckVerifiedDomains1764100000000, ConfirmMovedDomains1764300000000];
