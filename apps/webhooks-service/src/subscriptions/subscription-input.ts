import { EVENT_KINDS, isEventKind, type EventKind, type FieldError } from '@appgen/contracts';

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

export function checkText(raw: unknown, field: string, max: number, options: { min?: number } = {}): FieldError | null {
  if (typeof raw !== 'string') return { field, message: 'must be a string' };
  if (raw.trim().length < (options.min ?? 1)) return { field, message: options.min ? `must be at least ${options.min} characters` : 'must not be blank' };
  if (raw.length > max) return { field, message: `must be at most ${max} characters` };
  return null;
}
