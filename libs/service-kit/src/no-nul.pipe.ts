import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { FieldError } from '@appgen/contracts';
import { AppgenError } from './appgen-error';

/** Deeper JSON than this is refused: no field needs it, and walking it must not exhaust the stack. */
export const MAX_NESTING_DEPTH = 64;

const LONE_SURROGATE = /\p{Surrogate}/u;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  // Half of a UTF-16 pair: Postgres would store U+FFFD instead, so what was sent is not what is kept.
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return null;
}

/**
 * The first string (or key) Postgres cannot store as sent (a NUL byte, a lone surrogate), or nesting
 * deeper than MAX_NESTING_DEPTH, as the field error naming where; null when there is none. Every message a
 * service takes is walked, so the walk allocates nothing until it finds something: a field's path is spelled
 * only on the way down to a nested value, and on the way back from a problem.
 */
export function findUnstorable(value: unknown, path = '', depth = 0): FieldError | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { field: path || 'value', message } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_NESTING_DEPTH) return { field: path || 'value', message: `must not nest deeper than ${MAX_NESTING_DEPTH} levels` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (!mayHoldProblem(item)) continue;
      const found = findUnstorable(item, `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyMessage = textProblem(key);
    if (keyMessage) return { field: path ? `${path}.${key}` : key, message: keyMessage };
    const item: unknown = (value as Record<string, unknown>)[key];
    if (!mayHoldProblem(item)) continue;
    const found = findUnstorable(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Strings and objects may hold a problem; numbers, booleans and null never do. */
function mayHoldProblem(value: unknown): boolean {
  return typeof value === 'string' ? textProblem(value) !== null : typeof value === 'object' && value !== null;
}

/** Payloads the NATS server has just walked (DrainingNatsServer), for NoNulPipe to pass once without walking again. */
const walked = new WeakSet<object>();

/** Marks a payload findUnstorable has just found clean, so that NoNulPipe, next on the same message, does not walk it again. */
export function markWalked(value: unknown): void {
  if (typeof value === 'object' && value !== null) walked.add(value);
}

/**
 * Refuses any message holding text Postgres cannot store as sent (text and jsonb alike), or nested past
 * MAX_NESTING_DEPTH: whichever way it arrived (the gateway, the edge's /_api, another service), it is a 422
 * naming the field instead of a failed query or a silently altered value.
 */
@Injectable()
export class NoNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Path parameters are the HTTP layer's to judge: an id holding a NUL names nothing (404, the gateway).
    if (metadata.type === 'custom' || metadata.type === 'param') return value;
    if (typeof value === 'object' && value !== null && walked.delete(value)) return value;
    const problem = findUnstorable(value);
    if (problem === null) return value;
    throw AppgenError.validation([problem]);
  }
}
