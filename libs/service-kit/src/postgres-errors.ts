/** SQLSTATE of a unique index refusing a row (Postgres "unique_violation"). */
export const UNIQUE_VIOLATION = '23505';

/**
 * Whether a query failed because a unique index already holds the row: a concurrent or repeated request won the
 * race. Reads pg's error code directly or through TypeORM's QueryFailedError (`driverError`).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  return code === UNIQUE_VIOLATION || driverError?.code === UNIQUE_VIOLATION;
}
