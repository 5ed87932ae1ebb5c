import type { components } from './api-types.generated';

/** The body of every failure the API answers: `{error, message}`, 422 adding `errors` (contract section 7). */
export type ApiErrorBody = components['schemas']['Error'];

/**
 * A failure the API answered (any non-2xx), or a request that got no answer (`status` 0, `error`
 * `network_error`). `body` is what the API said, as it said it.
 */
export class AppgenApiError extends Error {
  override readonly name = 'AppgenApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | { error: string; message: string; [key: string]: unknown },
    readonly response?: Response,
  ) {
    super(body.message);
  }

  /** The stable code of the failure: `not_found`, `validation_failed`, `App is not deployable`, ... */
  get code(): string {
    return this.body.error;
  }

  /** Seconds the API asks to wait before retrying (429 and 503 answers), if it said. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.response?.headers.get('Retry-After'));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }
}

/** A wait (`waitForJob`, `waitForDeployment`) that ran out of time; `last` is the last state it read. */
export class AppgenTimeoutError<T = unknown> extends Error {
  override readonly name = 'AppgenTimeoutError';

  constructor(
    message: string,
    readonly last: T | undefined,
  ) {
    super(message);
  }
}

/** What every openapi-fetch call answers. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of an answer, or an `AppgenApiError` thrown with the body of a failure: for code that would rather
 * throw than check `error` after every call.
 *
 *   const { app } = await dataOf(appgen.GET('/managed_apps/{id}', { params: { path: { id } } }));
 */
export async function dataOf<T>(call: Promise<ApiResult<T>> | ApiResult<T>): Promise<T> {
  const result = await call;
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new AppgenApiError(result.response.status, errorBody(result.error, result.response), result.response);
}

/** The API's error body, or one made from the status when the answer was not one (a proxy's HTML page). */
export function errorBody(error: unknown, response: Response): { error: string; message: string } {
  if (typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string') {
    const body = error as { error: string; message?: unknown };
    return { ...body, message: typeof body.message === 'string' ? body.message : body.error };
  }
  const text = typeof error === 'string' && error.trim() !== '' ? `: ${error.trim().slice(0, 200)}` : '';
  return { error: `http_${response.status}`, message: `The API answered ${response.status} ${response.statusText}${text}`.trim() };
}
