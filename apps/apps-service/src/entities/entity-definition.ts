import type { EntityField, EntityPlan, FieldError } from '@appgen/contracts';
import { valueProblem } from './field-value';

/** Every row shows these beside its fields. */
export const ROW_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

export type Definition = { entity: EntityPlan; errors: [] } | { entity: null; errors: FieldError[] };

/**
 * Judges an entity as a generator or the create-entity tool describes it and returns it in its stored form
 * (`unique` and `open_writes` false unless set, choices only on select and multiselect columns). Its shape,
 * names, labels, hints, choices and counts were checked against the subject's schema (EntityPlan) before the
 * handler ran; what is judged here needs the whole definition: reserved and repeated column names, the choices
 * a select needs, defaults that fit their column, and who may write.
 */
export function defineEntity(input: EntityPlan): Definition {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const fields = input.fields.map((raw, index): EntityField => {
    const at = `fields[${index}]`;
    const { name, label, type, required } = raw;
    if ((ROW_COLUMNS as readonly string[]).includes(name)) errors.push({ field: `${at}.name`, message: `${name} is reserved for every row` });
    else if (seen.has(name)) errors.push({ field: `${at}.name`, message: `repeats ${name}` });
    seen.add(name);
    const field: EntityField = { name, label, type, required };
    if (raw.unique === true) field.unique = true;
    if (raw.hint !== undefined && raw.hint !== '') field.hint = raw.hint;
    if (type === 'select' || type === 'multiselect') {
      if (raw.options === undefined) errors.push({ field: `${at}.options`, message: `must list the choices of a ${type} as non-empty strings` });
      else if (new Set(raw.options).size !== raw.options.length) errors.push({ field: `${at}.options`, message: 'must not repeat a choice' });
      else field.options = raw.options;
    }
    if (raw.default_value !== undefined && raw.default_value !== null) {
      const defaultError = valueProblem(field, raw.default_value);
      if (defaultError) errors.push({ field: `${at}.default_value`, message: defaultError });
      else field.default_value = raw.default_value;
    }
    return field;
  });
  if (input.open_writes === true && input.user_scoped) {
    // A visitor has no identity a user_scoped row could belong to.
    errors.push({ field: 'open_writes', message: 'applies to shared entities only: rows of a user_scoped entity belong to signed-in users' });
  }
  if (errors.length > 0) return { entity: null, errors };
  const { name, label, label_singular, user_scoped } = input;
  return { entity: { name, label, label_singular, fields, user_scoped, open_writes: input.open_writes === true }, errors: [] };
}
