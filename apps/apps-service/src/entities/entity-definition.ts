import { REFERENCE_FIELD_TYPES, type EntityField, type EntityPlan, type FieldError, type FieldType } from '@appgen/contracts';
import { valueProblem } from './field-value';

/** Every row shows these beside its fields. */
export const ROW_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

export type Definition = { entity: EntityPlan; errors: [] } | { entity: null; errors: FieldError[] };

/** A reference column holds one row id of its `entity`, a references column a list of them. */
export function isReferenceType(type: FieldType): type is (typeof REFERENCE_FIELD_TYPES)[number] {
  return (REFERENCE_FIELD_TYPES as readonly FieldType[]).includes(type);
}

/**
 * What a reference or references column needs beyond its type: the entity it points at, among `entities` (the app's
 * entities with those being defined, the entity itself included), and a delete rule that can be kept.
 */
function referenceProblems(raw: EntityField, at: string, entities: ReadonlySet<string>, field: EntityField): FieldError[] {
  if (!isReferenceType(raw.type)) {
    const misplaced: FieldError[] = [];
    if (raw.entity !== undefined) misplaced.push({ field: `${at}.entity`, message: 'applies to reference and references columns only' });
    if (raw.on_delete !== undefined) misplaced.push({ field: `${at}.on_delete`, message: 'applies to reference and references columns only' });
    return misplaced;
  }
  const errors: FieldError[] = [];
  if (raw.entity === undefined) errors.push({ field: `${at}.entity`, message: `must name the entity whose rows a ${raw.type} column points at` });
  else if (!entities.has(raw.entity)) {
    errors.push({ field: `${at}.entity`, message: `must be an entity of this app (it has ${[...entities].sort().join(', ')}); ${raw.entity} is not one` });
  } else field.entity = raw.entity;
  const onDelete = raw.on_delete ?? 'restrict';
  if (onDelete === 'set_null' && raw.type === 'reference' && raw.required) {
    // Clearing the reference would leave the row without a value its definition requires.
    errors.push({ field: `${at}.on_delete`, message: 'cannot be set_null on a required reference: the row would be left without the value it requires; use restrict or cascade' });
  }
  field.on_delete = onDelete;
  if (raw.default_value !== undefined && raw.default_value !== null) {
    errors.push({ field: `${at}.default_value`, message: `a ${raw.type} column has no default: the row it would name may not exist` });
  }
  return errors;
}

/**
 * Judges an entity as a generator or the create-entity tool describes it and returns it in its stored form
 * (`unique` and `open_writes` false unless set, choices only on select and multiselect columns). Its shape,
 * names, labels, hints, choices and counts were checked against the subject's schema (EntityPlan) before the
 * handler ran; what is judged here needs the whole definition: reserved and repeated column names, the choices
 * a select needs, defaults that fit their column, who may write, and the entity each reference column points at,
 * which must be among `entities` (the app's entities and those defined with it; the entity itself is always one,
 * for a self reference). Reference columns are stored with `on_delete` (`restrict` unless given).
 */
export function defineEntity(input: EntityPlan, entities: ReadonlySet<string>): Definition {
  const known = new Set([...entities, input.name]);
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
    errors.push(...referenceProblems(raw, at, known, field));
    if (isReferenceType(type)) return field;
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
