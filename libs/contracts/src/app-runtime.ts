/**
 * The HTTP interface a generated app's frontend calls on its own host (preview or production address),
 * served by the edge: its data entities' rows (owned by apps-service) and its users' sign-in by e-mailed
 * code (users-service). Generated code and the edge both build on these paths and shapes.
 *
 *   GET    /_api/entities/:entity?limit=&offset=&order_by=   -> EntityRowsResponse
 *   POST   /_api/entities/:entity            body: row fields -> 201 EntityRowResponse
 *   GET    /_api/entities/:entity/:id                         -> EntityRowResponse
 *   PATCH  /_api/entities/:entity/:id        body: fields     -> EntityRowResponse
 *   DELETE /_api/entities/:entity/:id                         -> { success: true }
 *   POST   /_api/auth/request_code           body: { email }  -> { message }
 *   POST   /_api/auth/verify                 body: { email, code } -> AppSessionResponse, sets the session cookie
 *   GET    /_api/auth/me                                      -> AppSessionResponse, or 401 when signed out
 *   POST   /_api/auth/sign_out                                -> { success: true }, clears the cookie
 *
 * Failures use the API's error body `{error, message}` (422 adds `errors: [{field, message}]`).
 * Rows of a `user_scoped` entity are visible only to the signed-in app user who created them, and
 * writing one requires a session (401 otherwise).
 */
export const APP_RUNTIME_PREFIX = '/_api';
export const APP_SESSION_COOKIE = 'appgen_session';

export type RowValue = string | number | boolean | null | string[] | Record<string, unknown>;

export interface EntityRow {
  id: number;
  created_at: string;
  updated_at: string;
  [field: string]: RowValue;
}

export interface EntityRowsResponse {
  rows: EntityRow[];
  total: number;
}

export interface EntityRowResponse {
  row: EntityRow;
}

export interface AppSessionResponse {
  user: { email: string };
}
