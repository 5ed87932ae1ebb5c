import { AppgenError } from './appgen-error';

/**
 * True when `error` is another service's answer that what was asked for does not exist (`not_found`, 404).
 * Callers treat that as an answer (no such app, bundle or file) and anything else (timeouts, 503) as a failure.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof AppgenError && error.status === 404;
}

/** What `lookup` answers, or null when the answer is that it does not exist (isNotFound); other failures stand. */
export async function orNullIfNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
