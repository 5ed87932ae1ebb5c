import {
  checkText,
  ENTITY_LIMITS,
  FIELD_TYPES,
  IDENTIFIER_PATTERN,
  TEXT_LIMITS,
  textProblem,
  type EntityField,
  type EntityPlan,
  type FieldError,
  type FieldType,
  type TextLimit,
} from '@appgen/contracts';
import { valueProblem } from './field-value';

const SNAKE_CASE = new RegExp(IDENTIFIER_PATTERN);
const MAX_NAME_LENGTH = TEXT_LIMITS.identifier.max;
const MAX_FIELDS = ENTITY_LIMITS.fields;
/** Every row shows these beside its fields. */
export const ROW_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

function humanize(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function nameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'is required';
  if (!SNAKE_CASE.test(name)) return 'must be snake_case (lowercase letters, digits and _, starting with a letter)';
  if (name.length > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  return null;
}

export type Definition = { entity: EntityPlan; errors: [] } | { entity: null; errors: FieldError[] };

/**
 * A label (or hint) as given, when it is one: held to its limit in TEXT_LIMITS (the app shows it as a heading or
 * beside an input, so one line without control or bidi characters); absent or empty leaves the default.
 */
function givenText(field: string, value: unknown, limit: TextLimit, errors: FieldError[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const problem = checkText(field, value, limit);
  if (problem) errors.push(problem);
  return problem === null && typeof value === 'string' ? value : undefined;
}

/**
 * Checks an entity as a generator or the create-entity tool describes it and returns it in its stored
 * form: labels default to the humanized name, `required`, `user_scoped` and `open_writes` to false.
 */
export function defineEntity(input: Partial<EntityPlan> | null | undefined): Definition {
  const errors: FieldError[] = [];
  const nameError = nameProblem(input?.name);
  if (nameError) errors.push({ field: 'name', message: nameError });
  const rawFields: unknown = input?.fields;
  if (!Array.isArray(rawFields) || rawFields.length === 0) {
    errors.push({ field: 'fields', message: 'must list at least one field' });
  } else if (rawFields.length > MAX_FIELDS) {
    errors.push({ field: 'fields', message: `may list at most ${MAX_FIELDS} fields` });
  }
  const fields: EntityField[] = [];
  const seen = new Set<string>();
  (Array.isArray(rawFields) ? rawFields : []).forEach((raw: Partial<EntityField> | null, index) => {
    const at = `fields[${index}]`;
    const fieldNameError = nameProblem(raw?.name);
    const name = raw?.name ?? '';
    if (fieldNameError) errors.push({ field: `${at}.name`, message: fieldNameError });
    else if ((ROW_COLUMNS as readonly string[]).includes(name)) errors.push({ field: `${at}.name`, message: `${name} is reserved for every row` });
    else if (seen.has(name)) errors.push({ field: `${at}.name`, message: `repeats ${name}` });
    seen.add(name);
    const type = raw?.type;
    if (!isFieldType(type)) {
      errors.push({ field: `${at}.type`, message: `must be one of ${FIELD_TYPES.join(', ')}` });
      return;
    }
    const field: EntityField = {
      name,
      label: givenText(`${at}.label`, raw?.label, TEXT_LIMITS.entityLabel, errors) ?? humanize(name),
      type,
      required: raw?.required === true,
    };
    if (raw?.unique === true) field.unique = true;
    const hint = givenText(`${at}.hint`, raw?.hint, TEXT_LIMITS.fieldHint, errors);
    if (hint !== undefined) field.hint = hint;
    if (type === 'select' || type === 'multiselect') {
      const options: unknown = raw?.options;
      const optionProblem = Array.isArray(options) ? options.map((option) => textProblem(option, TEXT_LIMITS.selectOption)).find((problem) => problem !== null) : null;
      if (!Array.isArray(options) || options.length === 0 || !options.every((o) => typeof o === 'string' && o.length > 0)) {
        errors.push({ field: `${at}.options`, message: `must list the choices of a ${type} as non-empty strings` });
      } else if (options.length > ENTITY_LIMITS.options) {
        errors.push({ field: `${at}.options`, message: `may list at most ${ENTITY_LIMITS.options} choices` });
      } else if (optionProblem) {
        errors.push({ field: `${at}.options`, message: `each choice ${optionProblem}` });
      } else if (new Set(options).size !== options.length) {
        errors.push({ field: `${at}.options`, message: 'must not repeat a choice' });
      } else {
        field.options = options.map(String);
      }
    }
    if (raw?.default_value !== undefined && raw.default_value !== null) {
      const defaultError = valueProblem(field, raw.default_value);
      if (defaultError) errors.push({ field: `${at}.default_value`, message: defaultError });
      else field.default_value = raw.default_value;
    }
    fields.push(field);
  });
  const label = givenText('label', input?.label, TEXT_LIMITS.entityLabel, errors);
  const labelSingular = givenText('label_singular', input?.label_singular, TEXT_LIMITS.entityLabel, errors);
  if (input?.user_scoped !== undefined && typeof input.user_scoped !== 'boolean') {
    errors.push({ field: 'user_scoped', message: 'must be true or false' });
  }
  if (input?.open_writes !== undefined && typeof input.open_writes !== 'boolean') {
    errors.push({ field: 'open_writes', message: 'must be true or false' });
  } else if (input?.open_writes === true && input.user_scoped === true) {
    // A visitor has no identity a user_scoped row could belong to.
    errors.push({ field: 'open_writes', message: 'applies to shared entities only: rows of a user_scoped entity belong to signed-in users' });
  }
  if (errors.length > 0 || !input?.name) return { entity: null, errors };
  return {
    entity: {
      name: input.name,
      label: label ?? humanize(input.name),
      label_singular: labelSingular ?? humanize(input.name.replace(/s$/, '')),
      fields,
      user_scoped: input.user_scoped === true,
      open_writes: input.open_writes === true,
    },
    errors: [],
  };
}
