import { EVENT_KINDS as KINDS } from '@appgen/contracts/event-kinds';
import type { components } from './api-types.generated';

/** An event a webhook can subscribe to (contract section 6), as the API's types name it. */
export type EventKind = components['schemas']['Webhook']['events'][number];

/**
 * Every event kind, in the contract's order (the app, its generation, its deployment, its users): the list appgen's
 * own services check against, re-exported rather than copied. Typed by the API's types, so the package's declarations
 * need nothing of the contracts, and the compiler refuses a kind the API does not know.
 */
export const EVENT_KINDS: readonly EventKind[] = KINDS;
