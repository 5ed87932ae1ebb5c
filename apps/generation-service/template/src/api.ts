/**
 * Typed client of the app's server interface, served at /_api on the app's own address: its data (one
 * interface per entity below) and its users' sign-in by e-mailed code. Every failure is an ApiError carrying
 * the server's message and, for invalid input, one problem per field.
 */
import { t } from './i18n';

export const API_PREFIX = '/_api';

/** A field's value: text, a number, true or false, null, a multiselect's choices, the row ids of a references field, or JSON. */
export type FieldValue = string | number | boolean | null | string[] | number[] | Record<string, unknown>;

export interface FieldProblem {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problems: FieldProblem[];

  constructor(status: number, code: string, message: string, problems: FieldProblem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.problems = problems;
  }
}

/** Columns every row has. */
export interface BaseRow {
  id: number;
  created_at: string;
  updated_at: string;
}

export interface RowList<Row> {
  rows: Row[];
  total: number;
  next_offset: number | null;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  /** the column to order by, with - before it for descending, e.g. -score */
  orderBy?: string;
  /** rows whose field equals the value; a references field matches when it holds the id */
  filters?: Record<string, string | number>;
  /** rows whose number, date or datetime field is within bounds, e.g. {due: {gte: '2025-03-01', lte: '2025-03-31'}} */
  ranges?: Record<string, Partial<Record<'gte' | 'gt' | 'lte' | 'lt', string | number>>>;
}

/** What a page that shows all of an entity's rows at once asks for. */
export type AllOptions = Pick<ListOptions, 'orderBy' | 'filters' | 'ranges'>;

/** What totals add up and group by, over the rows the filters and ranges select (all of them, however many). */
export interface TotalsOptions extends Pick<ListOptions, 'filters' | 'ranges'> {
  /** number fields to add up, e.g. ['amount'] */
  sum?: readonly string[];
  /** a select, boolean or reference field to count and sum per value of */
  groupBy?: string;
}

/** One value of the groupBy field (null: rows without one), its rows counted and summed. */
export interface TotalsGroup {
  value: string | number | boolean | null;
  count: number;
  sum: Record<string, number>;
}

/** Counted and summed by the server over every matching row; sums are exact decimals (cents never drift). */
export interface Totals {
  count: number;
  sum: Record<string, number>;
  /** with groupBy: the largest groups first, at most 100 of them */
  groups?: TotalsGroup[];
  /** with groupBy: how many groups there are */
  groups_total?: number;
}

/** The most rows the server answers at once; longer lists are read in several requests. */
export const SERVER_PAGE_LIMIT = 100;
/**
 * The most rows a page that lists all of an entity's rows at once (a board, the choices of a reference, the rows
 * pointing at a row) reads; totals and rankings are asked of the server instead, so they hold for any number of rows.
 */
export const ALL_ROWS_LIMIT = 500;

/** The signed-in person; tier is their access tier for this app now (free once a granted tier expired), to gate features by. */
export interface AppUser {
  email: string;
  tier: 'free' | 'basic' | 'pro' | 'premium' | 'enterprise';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFrom(status: number, body: unknown): ApiError {
  const fallback = t().requestFailed(status);
  if (!isRecord(body)) return new ApiError(status, 'error', fallback);
  const problems: FieldProblem[] = [];
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors) {
      if (isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string') problems.push({ field: entry.field, message: entry.message });
    }
  }
  return new ApiError(status, typeof body.error === 'string' ? body.error : 'error', typeof body.message === 'string' ? body.message : fallback, problems);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(API_PREFIX + path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network_error', t().networkError);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw errorFrom(response.status, data);
  // the server's contract fixes the shape of each successful answer
  return data as T;
}

/**
 * The query string of a rows or totals request: `filters[field]=value` and `filters[field][gte]=value` for the filters
 * and ranges, then the other parameters given (empty ones left out).
 */
export function queryString(options: Pick<ListOptions, 'filters' | 'ranges'>, parameters: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined && value !== '') query.set(name, String(value));
  for (const [field, value] of Object.entries(options.filters ?? {})) query.set('filters[' + field + ']', String(value));
  for (const [field, bounds] of Object.entries(options.ranges ?? {})) {
    for (const [operator, value] of Object.entries(bounds)) query.set('filters[' + field + '][' + operator + ']', String(value));
  }
  const text = query.toString();
  return text ? '?' + text : '';
}

export interface EntityClient<Row extends BaseRow, Input> {
  list(options?: ListOptions): Promise<RowList<Row>>;
  /** the count of the rows and the sums of number fields, computed by the server over all of them */
  totals(options?: TotalsOptions): Promise<Totals>;
  /** every row, up to `limit` (at most ALL_ROWS_LIMIT), for pages that show them all at once */
  all(options?: AllOptions, limit?: number): Promise<Row[]>;
  get(id: number): Promise<Row>;
  create(input: Input): Promise<Row>;
  update(id: number, input: Partial<Input>): Promise<Row>;
  /** changes only the named columns (a board's stage), leaving the rest as it is on the server now */
  patch(id: number, columns: Readonly<Record<string, string | number | boolean | null>>): Promise<Row>;
  remove(id: number): Promise<void>;
}

export function entityClient<Row extends BaseRow, Input>(entity: string): EntityClient<Row, Input> {
  const base = '/entities/' + encodeURIComponent(entity);
  const client: EntityClient<Row, Input> = {
    async list(options: ListOptions = {}) {
      // The server ends a page early when its rows are large (it pages by size as well as count): read on
      // from next_offset until the page holds limit rows, so that page numbers keep meaning limit rows each.
      const rows: Row[] = [];
      let offset = options.offset;
      for (;;) {
        const limit = options.limit === undefined ? undefined : Math.min(options.limit - rows.length, SERVER_PAGE_LIMIT);
        const page = await request<RowList<Row>>('GET', base + queryString(options, { limit, offset, order_by: options.orderBy }));
        rows.push(...page.rows);
        const full = options.limit === undefined || rows.length >= options.limit;
        if (full || page.next_offset === null || page.rows.length === 0) return { rows, total: page.total, next_offset: page.next_offset };
        offset = page.next_offset;
      }
    },
    async totals(options: TotalsOptions = {}) {
      return request<Totals>('GET', base + '/totals' + queryString(options, { sum: options.sum?.join(','), group_by: options.groupBy }));
    },
    async all(options: AllOptions = {}, limit = ALL_ROWS_LIMIT) {
      return (await client.list({ ...options, limit: Math.min(limit, ALL_ROWS_LIMIT) })).rows;
    },
    async get(id: number) {
      return (await request<{ row: Row }>('GET', base + '/' + id)).row;
    },
    async create(input: Input) {
      return (await request<{ row: Row }>('POST', base, input)).row;
    },
    async update(id: number, input: Partial<Input>) {
      return (await request<{ row: Row }>('PATCH', base + '/' + id, input)).row;
    },
    async patch(id, columns) {
      return (await request<{ row: Row }>('PATCH', base + '/' + id, columns)).row;
    },
    async remove(id: number) {
      await request<{ success: boolean }>('DELETE', base + '/' + id);
    },
  };
  return client;
}

/** Sign-in of the app's own users: a code is e-mailed, the verified code sets the session cookie. */
export const auth = {
  async requestCode(email: string): Promise<string> {
    return (await request<{ message: string }>('POST', '/auth/request_code', { email })).message;
  },
  async verify(email: string, code: string): Promise<AppUser> {
    return (await request<{ user: AppUser }>('POST', '/auth/verify', { email, code })).user;
  },
  async me(): Promise<AppUser | null> {
    try {
      return (await request<{ user: AppUser }>('GET', '/auth/me')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  async signOut(): Promise<void> {
    await request<{ success: boolean }>('POST', '/auth/sign_out');
  },
};
