import type { EntityField } from '@appgen/contracts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Hours, minutes, seconds and offset in range (Postgres refuses +16:00 and 24:30, as Date.parse does not). */
const DATETIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-5]):[0-5]\d)$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Row ids are positive whole numbers (the API shows the bigint id as a number). */
function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Why a (non-null) value does not fit a field, or null when it does. */
export function valueProblem(field: EntityField, value: unknown): string | null {
  const options = field.options ?? [];
  switch (field.type) {
    case 'text':
      return typeof value === 'string' ? null : 'must be text';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'must be a whole number';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'datetime':
      // Date.parse takes 2025-02-30T10:00Z as 2 March: the day must be one of its month's.
      return typeof value === 'string' && DATETIME.test(value) && isCalendarDate(value.slice(0, 10))
        ? null
        : 'must be an ISO 8601 date and time with a time zone (e.g. 2025-01-31T09:30:00Z)';
    case 'select':
      return typeof value === 'string' && options.includes(value) ? null : `must be one of ${options.join(', ')}`;
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && options.includes(item))
        ? null
        : `must be a list of ${options.join(', ')}`;
    case 'json':
      return typeof value === 'object' && value !== null ? null : 'must be a JSON object or array';
    // The shape of a row id here; whether that row exists is judged where rows are written.
    case 'reference':
      return isRowId(value) ? null : `must be the id of a row of ${field.entity ?? 'another entity'}`;
    case 'references':
      return Array.isArray(value) && value.every(isRowId) ? null : `must be a list of ids of rows of ${field.entity ?? 'another entity'}`;
  }
}
