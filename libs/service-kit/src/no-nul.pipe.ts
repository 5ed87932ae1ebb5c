import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { FieldError } from '@appgen/contracts';
import { ServiceException } from './service-exception';

/** Path of the first string (or key) holding a NUL byte, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here;
      const found = findNul(item, here);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses any message whose text holds a NUL byte, which Postgres cannot store (text and jsonb alike):
 * whichever way it arrived (the gateway, the edge's /_api, another service), it is a 422 naming the
 * field instead of a failed query.
 */
@Injectable()
export class NoNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Path parameters are the HTTP layer's to judge: an id holding a NUL names nothing (404, the gateway).
    if (metadata.type === 'custom' || metadata.type === 'param') return value;
    const field = findNul(value);
    if (field === null) return value;
    const errors: FieldError[] = [{ field, message: 'must not contain NUL characters' }];
    throw ServiceException.validation(errors);
  }
}
