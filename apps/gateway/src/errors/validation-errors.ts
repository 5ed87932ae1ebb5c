import type { ValidationError } from 'class-validator';
import type { FieldError } from '@appgen/contracts';

/**
 * Flattens class-validator's tree into `[{field, message}]` with dotted paths (`a.b`, `items.0.name`).
 * Messages leave out the field name, since `field` carries it: `{field: 'name', message: 'must be ...'}`.
 */
export function toFieldErrors(errors: readonly ValidationError[], parent = ''): FieldError[] {
  const found: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    for (const [constraint, text] of Object.entries(error.constraints ?? {})) {
      found.push({ field, message: constraint === 'whitelistValidation' ? 'is not a permitted field' : withoutSubject(text, error.property) });
    }
    if (error.children?.length) found.push(...toFieldErrors(error.children, field));
  }
  return found;
}

function withoutSubject(text: string, property: string): string {
  return text.startsWith(`${property} `) ? text.slice(property.length + 1) : text;
}
