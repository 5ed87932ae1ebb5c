/** SQLSTATE of a unique index refusing a row (Postgres "unique_violation"). */
export const UNIQUE_VIOLATION = '23505';

/**
 * The SQLSTATE (or Node.js system error code, such as ECONNREFUSED) of a failed query: pg's error carries it as
 * `code`, TypeORM's QueryFailedError as `driverError.code`.
 */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const direct = (error as { code?: unknown }).code;
  const driver = (error as { driverError?: { code?: unknown } }).driverError?.code;
  const code = typeof direct === 'string' ? direct : driver;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a query failed because a unique index already holds the row: a concurrent or repeated request won the race. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

/** Node.js codes of a connection that could not be made or was cut. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** Postgres shutting down, starting up or full: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg and its pool say of a connection lost or never made, without a code. */
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether a request failed because the database was out of reach (restarting, down, refusing connections) rather
 * than because of the request: the caller gets a 503 to retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = sqlState(error);
  if (code !== undefined && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : undefined;
  return message !== undefined && UNREACHABLE_MESSAGES.test(message);
}
