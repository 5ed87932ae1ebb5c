import { CONTENT_LIMITS, formatBytes, GROUP_FIELD_TYPES, RANGE_OPERATORS, SUM_FIELD_TYPES, type EntityField, type EntityPlan, type FieldError, type RangeOperator, type RowRange, type RowValue } from '@appgen/contracts';
import { isReferenceType, ROW_COLUMNS } from '../entities/entity-definition';
import { valueProblem } from '../entities/field-value';

export type RowData = Record<string, RowValue>;
export type Checked<T> = { value: T; errors: [] } | { value: null; errors: FieldError[] };

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function unknownFieldErrors(entity: EntityPlan, keys: string[], what: string): FieldError[] {
  const known = new Set(entity.fields.map((field) => field.name));
  return keys
    .filter((key) => !known.has(key))
    .map((key) => ({ field: key, message: `is not a ${what} of ${entity.name} (fields: ${[...known].join(', ')})` }));
}

/**
 * Checks the data of a row being inserted (every required field, defaults applied, absent fields null)
 * or updated (only the fields given). `id`, `created_at` and `updated_at` are ignored, so a frontend may
 * send back a row as it received it. That `data` is an object of JSON values was checked against the subject's
 * schema (RowData); each value is judged here against its field.
 */
export function checkRowData(entity: EntityPlan, data: RowData, mode: 'insert' | 'update'): Checked<RowData> {
  const keys = Object.keys(data).filter((key) => !(ROW_COLUMNS as readonly string[]).includes(key));
  const errors = unknownFieldErrors(entity, keys, 'field');
  const value: RowData = {};
  for (const field of entity.fields) {
    const given = Object.prototype.hasOwnProperty.call(data, field.name);
    if (!given && mode === 'update') continue;
    let raw = data[field.name];
    if (!given && field.default_value !== undefined) raw = field.default_value;
    if (isMissing(raw)) {
      if (field.required) errors.push({ field: field.name, message: 'is required' });
      // An empty form input of a number or date means "no value", not an empty string.
      else value[field.name] = raw === '' && field.type === 'text' ? '' : null;
      continue;
    }
    const problem = valueProblem(field, raw);
    if (problem) errors.push({ field: field.name, message: problem });
    else value[field.name] = raw as RowValue;
  }
  return errors.length > 0 ? { value: null, errors } : { value, errors: [] };
}

/** How many bytes a value takes as stored and as sent: its JSON in UTF-8 (a row's data, a field, a whole row). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');
}

/**
 * A row holds at most CONTENT_LIMITS.rowBytes of data. The error names the largest field being written, the
 * one to shorten; `changed` are the fields this write sets (all of them for an insert).
 */
export function rowSizeProblem(data: RowData, changed: RowData): FieldError | null {
  const total = jsonBytes(data);
  if (total <= CONTENT_LIMITS.rowBytes) return null;
  const sizes = Object.entries(changed).map(([name, value]) => ({ name, bytes: jsonBytes(value) }));
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a), { name: 'data', bytes: -1 });
  return {
    field: largest.name,
    message: `makes the row ${formatBytes(total)}; a row holds at most ${CONTENT_LIMITS.rowBytes} bytes (${formatBytes(CONTENT_LIMITS.rowBytes)}) of data`,
  };
}

/** One equality filter of a rows query, its value read as its field's type (null: the field is empty). */
export interface RowFilter {
  field: EntityField;
  value: RowValue;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A filter's value as its field takes it. A generated app's query string (`filters[paid_by]=7`) can only send text,
 * so text is read as the field's type where that type is not text: a number, a row id, true or false, and empty
 * text as "no value". A value that still does not fit is judged by valueProblem as any other.
 */
function filterValue(field: EntityField, raw: RowValue): RowValue {
  if (typeof raw !== 'string' || field.type === 'text') return raw;
  if (raw === '') return null;
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'reference':
    case 'references':
      return NUMBER_TEXT.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

/**
 * Equality filters on an entity's fields; null matches rows where the field is empty. On a reference field the value
 * is a row id (the rows pointing at that row); on a references field too, matching the rows whose list holds it.
 */
export function checkFilters(entity: EntityPlan, filters: RowData | undefined): Checked<RowFilter[]> {
  if (filters === undefined) return { value: [], errors: [] };
  const errors = unknownFieldErrors(entity, Object.keys(filters), 'field').map((e) => ({ ...e, field: `filters.${e.field}` }));
  const byName = new Map<string, EntityField>(entity.fields.map((field) => [field.name, field]));
  const value: RowFilter[] = [];
  for (const [name, raw] of Object.entries(filters)) {
    const field = byName.get(name);
    if (!field) continue;
    const given = filterValue(field, raw);
    // A references filter names one row id: the list holds it.
    const problem = given === null ? null : valueProblem(field.type === 'references' ? { ...field, type: 'reference' } : field, given);
    if (problem) errors.push({ field: `filters.${name}`, message: problem });
    else value.push({ field, value: given });
  }
  return errors.length > 0 ? { value: null, errors } : { value, errors: [] };
}

/** Field types whose values have an order a range can bound: numbers, dates, and instants. */
export const RANGE_FIELD_TYPES = ['integer', 'number', 'date', 'datetime'] as const satisfies readonly EntityField['type'][];
export type RangeFieldType = (typeof RANGE_FIELD_TYPES)[number];

/** One bound of a rows query's range (`due >= 2025-03-01`), its value read as its field's type. */
export interface RowBound {
  field: EntityField & { type: RangeFieldType };
  operator: RangeOperator;
  value: string | number;
}

function isRangeField(field: EntityField): field is EntityField & { type: RangeFieldType } {
  return (RANGE_FIELD_TYPES as readonly string[]).includes(field.type);
}

/**
 * Bounds on number, date and date-time fields (`{due: {gte: "2025-03-01", lt: "2025-04-01"}}`). A bound is read as
 * its field's type, as an equality filter's value is (`filters[due][gte]=2025-03-01` arrives as text), and must be
 * a value the field could hold.
 */
export function checkRanges(entity: EntityPlan, ranges: Record<string, RowRange> | undefined): Checked<RowBound[]> {
  if (ranges === undefined) return { value: [], errors: [] };
  const errors = unknownFieldErrors(entity, Object.keys(ranges), 'field').map((e) => ({ ...e, field: `ranges.${e.field}` }));
  const value: RowBound[] = [];
  for (const [name, range] of Object.entries(ranges)) {
    const field = entity.fields.find((candidate) => candidate.name === name);
    if (!field) continue;
    if (!isRangeField(field)) {
      errors.push({ field: `ranges.${name}`, message: `is a ${field.type} field; ranges apply to ${RANGE_FIELD_TYPES.join(', ')} fields` });
      continue;
    }
    for (const operator of RANGE_OPERATORS) {
      const raw = range[operator];
      if (raw === undefined) continue;
      const given = filterValue(field, raw);
      const problem = given === null ? 'must be a value, not empty' : valueProblem(field, given);
      if (problem || (typeof given !== 'string' && typeof given !== 'number')) errors.push({ field: `ranges.${name}.${operator}`, message: problem ?? 'must be a value' });
      else value.push({ field, operator, value: given });
    }
  }
  return errors.length > 0 ? { value: null, errors } : { value, errors: [] };
}

/** The reference or references fields a read expands, each checked to be one of the entity's (422 `expand` otherwise). */
export function checkExpand(entity: EntityPlan, expand: string[] | undefined): Checked<EntityField[]> {
  if (expand === undefined || expand.length === 0) return { value: [], errors: [] };
  const references = entity.fields.filter((field) => isReferenceType(field.type) && field.entity !== undefined);
  const errors: FieldError[] = [];
  const value: EntityField[] = [];
  for (const name of new Set(expand)) {
    const field = references.find((candidate) => candidate.name === name);
    if (field) value.push(field);
    else {
      const choices = references.length > 0 ? `its reference fields are ${references.map((f) => f.name).join(', ')}` : 'it has no reference fields';
      errors.push({ field: 'expand', message: `${name} is not a reference field of ${entity.name}: ${choices}` });
    }
  }
  return errors.length > 0 ? { value: null, errors } : { value, errors: [] };
}

export interface RowOrder {
  /** a row column (id, created_at, updated_at) or a field name */
  column: string;
  isField: boolean;
  direction: 'ASC' | 'DESC';
}

/** `field` or `-field` (descending) over the entity's fields and the row columns; rows come in id order by default. */
export function checkOrder(entity: EntityPlan, orderBy: string | undefined): Checked<RowOrder> {
  if (orderBy === undefined || orderBy === '') return { value: { column: 'id', isField: false, direction: 'ASC' }, errors: [] };
  const descending = orderBy.startsWith('-');
  const column = descending ? orderBy.slice(1) : orderBy;
  const isRowColumn = (ROW_COLUMNS as readonly string[]).includes(column);
  const isField = entity.fields.some((field) => field.name === column);
  if (!isRowColumn && !isField) {
    const choices = [...ROW_COLUMNS, ...entity.fields.map((field) => field.name)].join(', ');
    return { value: null, errors: [{ field: 'order_by', message: `must be one of ${choices}, with - for descending` }] };
  }
  return { value: { column, isField: !isRowColumn, direction: descending ? 'DESC' : 'ASC' }, errors: [] };
}

/** What a totals query adds up (number fields) and groups by (a field with one value per row), checked against the entity. */
export interface RowTotalsSpec {
  sums: EntityField[];
  groupBy: EntityField | null;
}

function fieldChoices(entity: EntityPlan, types: readonly string[], what: string): string {
  const fitting = entity.fields.filter((field) => types.includes(field.type)).map((field) => field.name);
  return fitting.length > 0 ? `its ${what} are ${fitting.join(', ')}` : `it has no ${what}`;
}

/**
 * The fields a totals query names: each of `sum` an integer or number field (422 `sum` otherwise), `group_by` a select,
 * boolean or reference field (422 `group_by`): a multiselect or references field would count a row in several groups.
 */
export function checkTotals(entity: EntityPlan, sum: string[] | undefined, groupBy: string | undefined): Checked<RowTotalsSpec> {
  const errors: FieldError[] = [];
  const sums: EntityField[] = [];
  const sumTypes: readonly string[] = SUM_FIELD_TYPES;
  for (const name of new Set(sum ?? [])) {
    const field = entity.fields.find((candidate) => candidate.name === name);
    if (field && sumTypes.includes(field.type)) sums.push(field);
    else {
      const problem = field ? `${name} is a ${field.type} field` : `${name} is not a field of ${entity.name}`;
      errors.push({ field: 'sum', message: `${problem}; sums apply to ${SUM_FIELD_TYPES.join(' and ')} fields: ${fieldChoices(entity, sumTypes, 'number fields')}` });
    }
  }
  let group: EntityField | null = null;
  if (groupBy !== undefined) {
    const groupTypes: readonly string[] = GROUP_FIELD_TYPES;
    const field = entity.fields.find((candidate) => candidate.name === groupBy);
    if (field && groupTypes.includes(field.type)) group = field;
    else {
      const problem = field ? `${groupBy} is a ${field.type} field` : `${groupBy} is not a field of ${entity.name}`;
      errors.push({
        field: 'group_by',
        message: `${problem}; rows group by ${GROUP_FIELD_TYPES.join(', ')} fields: ${fieldChoices(entity, groupTypes, 'fields of those types')}`,
      });
    }
  }
  return errors.length > 0 ? { value: null, errors } : { value: { sums, groupBy: group }, errors: [] };
}
