import { CreateCustomDomains1763900000000 } from './1763900000000-create-custom-domains';

/** Every migration of the `domains` schema, oldest first. */
export const DOMAINS_MIGRATIONS = [CreateCustomDomains1763900000000];
