import { checkText, EVENT_KINDS, isEventKind, TEXT_LIMITS, type EventKind, type FieldError } from '@appgen/contracts';

export const DEFAULT_WEBHOOK_NAME = 'Webhook';

/** The subscribed kinds, or the field error naming what is wrong: only the twelve kinds, each once. */
export function checkEvents(raw: unknown): { events: EventKind[] } | { error: FieldError } {
  if (!Array.isArray(raw) || raw.length === 0) {
    return { error: { field: 'events', message: `must be a non-empty list of: ${EVENT_KINDS.join(', ')}` } };
  }
  const unknown = raw.filter((value) => !isEventKind(value)).map((value) => String(value));
  if (unknown.length > 0) {
    return { error: { field: 'events', message: `unknown event kinds: ${unknown.join(', ')}; allowed: ${EVENT_KINDS.join(', ')}` } };
  }
  const kinds = raw.filter(isEventKind);
  const duplicates = kinds.filter((kind, index) => kinds.indexOf(kind) !== index);
  if (duplicates.length > 0) return { error: { field: 'events', message: `lists ${[...new Set(duplicates)].join(', ')} more than once` } };
  return { events: kinds };
}

/**
 * Why a receiving URL cannot be stored as text (TEXT_LIMITS.url: its length, one line without control or bidi
 * characters, which the URL parser would silently drop), before its address is judged.
 */
export function receiverUrlTextProblem(raw: unknown, field: string): FieldError | null {
  return typeof raw === 'string' ? checkText(field, raw, TEXT_LIMITS.url) : null;
}
