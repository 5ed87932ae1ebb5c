import type { EventKind, FieldError } from '@appgen/contracts';

export const DEFAULT_WEBHOOK_NAME = 'Webhook';

/**
 * The subscribed kinds, or the field error naming the repeated ones. That the list is a non-empty list of the
 * twelve kinds was checked against the message's schema (SubscribedEvents) before the handler ran.
 */
export function checkEvents(kinds: EventKind[]): { events: EventKind[] } | { error: FieldError } {
  const duplicates = kinds.filter((kind, index) => kinds.indexOf(kind) !== index);
  if (duplicates.length > 0) return { error: { field: 'events', message: `lists ${[...new Set(duplicates)].join(', ')} more than once` } };
  return { events: kinds };
}
