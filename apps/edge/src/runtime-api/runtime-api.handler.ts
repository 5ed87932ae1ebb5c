import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  APP_SESSION_COOKIE,
  AppsSubjects,
  effectiveTier,
  UsersSubjects,
  type AppSessionResponse,
  type AppUserView,
  type EntityRowsResponse,
  type ErrorBody,
  type ErrorCode,
  type RowActor,
  RANGE_OPERATORS,
  type RangeOperator,
  type RowRange,
  type RowValue,
  type RuntimeApp,
  RUNTIME_FILTER_PARAM,
  RUNTIME_RANGE_PARAM,
  RUNTIME_ROWS_DEFAULT_LIMIT,
  RuntimeRowQuery,
  RuntimeRowsQuery,
  RuntimeTotalsQuery,
  validate,
  type Static,
  type TObject,
} from '@appgen/contracts';
import { ERROR_CODES } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';
import { AppLookupService } from '../hosting/app-lookup.service';
import { serializeCookie } from '../hosting/cookies';
import { writeRefusal } from './write-guard';

export const APP_SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

export interface ApiRequest {
  app: RuntimeApp;
  method: string;
  /** the path below /_api, e.g. `/entities/recipes/4` */
  path: string;
  query: URLSearchParams;
  body: Buffer | undefined;
  /** the raw session cookie, when the browser sent one */
  sessionToken: string | null;
  /** what tells a write from the app's own pages from a forged one (./write-guard.ts) */
  origin: string | undefined;
  fetchSite: string | undefined;
  contentType: string | undefined;
  /** where the app is served for this request, `scheme://host[:port]` */
  appOrigin: string | null;
  /** the request came over HTTPS (a custom domain): the session cookie is Secure whatever PUBLIC_URL_SCHEME says */
  secure?: boolean;
}

export interface ApiResult {
  status: number;
  body: unknown;
  setCookie?: string;
}

export function sessionHashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function failure(code: ErrorCode, message: string, extra: Omit<ErrorBody, 'error' | 'message'> = {}): ApiResult {
  return { status: ERROR_CODES[code], body: { ...extra, error: code, message } };
}

class BadBody extends Error {}

function readJsonObject(body: Buffer | undefined): Record<string, unknown> {
  const text = body?.toString('utf8').trim() ?? '';
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadBody('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadBody('The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

function readRowData(body: Buffer | undefined): Record<string, RowValue> {
  // Field values are checked against the entity's fields by apps-service; here only the shape is read.
  return readJsonObject(body) as Record<string, RowValue>;
}

/** The parameters a schema of the query string names, as it takes them (an empty one is absent). */
function readQuery<S extends TObject>(schema: S, query: URLSearchParams): Static<S> {
  const given: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = query.get(name);
    if (value !== null && value !== '') given[name] = value;
  }
  const checked = validate(schema, given, { query: true });
  if (!checked.ok) throw AppgenError.validation(checked.errors);
  return checked.value;
}

/** `paid_by, shared_among,` as a list of field names: comma-separated, spaces and empty items ignored. */
function fieldList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((field) => field.trim()).filter((field) => field !== '');
}

/** `expand=paid_by,shared_among` as the list of fields a rows request takes (absent when it names none). */
function expandOf(expand: string | undefined): { expand?: string[] } {
  const fields = fieldList(expand);
  return fields.length === 0 ? {} : { expand: fields };
}

/**
 * Every `filters[<field>]=<value>` and `filters[<field>][gte|gt|lte|lt]=<value>` parameter; apps-service reads
 * each text as its field's type.
 */
function filtersOf(query: URLSearchParams): { filters?: Record<string, RowValue>; ranges?: Record<string, RowRange> } {
  const filters: Record<string, RowValue> = {};
  const ranges: Record<string, RowRange> = {};
  for (const [name, value] of query) {
    const field = RUNTIME_FILTER_PARAM.exec(name)?.[1];
    if (field !== undefined) filters[field] = value;
    const bound = RUNTIME_RANGE_PARAM.exec(name);
    if (bound?.[1] !== undefined && isRangeOperator(bound[2])) ranges[bound[1]] = { ...ranges[bound[1]], [bound[2]]: value };
  }
  return { ...(Object.keys(filters).length === 0 ? {} : { filters }), ...(Object.keys(ranges).length === 0 ? {} : { ranges }) };
}

function isRangeOperator(text: string | undefined): text is RangeOperator {
  return (RANGE_OPERATORS as readonly (string | undefined)[]).includes(text);
}

const ROW_ID = /^[1-9]\d{0,15}$/;
/** `/_api/entities/:entity/totals`: no row id is a word, so the path cannot name a row. */
const TOTALS_SEGMENT = 'totals';

/**
 * `/_api/…` of a generated app (libs/contracts/src/app-runtime.ts): rows go to apps-service acting as
 * the signed-in app user or as a visitor, sign-in goes to users-service. A failure from either service
 * reaches the app's frontend with its status and body unchanged.
 */
@Injectable()
export class RuntimeApiHandler {
  private readonly log = new Logger('RuntimeApiHandler');

  constructor(
    private readonly rpc: RpcClient,
    private readonly lookup: AppLookupService,
    @Inject(EDGE_CONFIG) private readonly config: EdgeConfig,
  ) {}

  async handle(request: ApiRequest): Promise<ApiResult> {
    // Before anything is read or asked of another service: a forged write learns nothing and costs nothing.
    const refusal = writeRefusal({ ...request, hasBody: request.body !== undefined && request.body.length > 0 });
    if (refusal) return failure(refusal.code, refusal.message);
    try {
      return await this.route(request);
    } catch (error) {
      if (error instanceof BadBody) return failure('invalid_json', error.message);
      if (error instanceof AppgenError) return { status: error.payload.status, body: error.payload.body };
      this.log.error(`/_api${request.path} of ${request.app.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      return failure('internal_error', 'Something went wrong while serving this request.');
    }
  }

  private async route(request: ApiRequest): Promise<ApiResult> {
    const segments = request.path.split('/').filter((s) => s !== '');
    const [area, name, id, ...rest] = segments;
    if (area === 'auth' && name !== undefined && id === undefined) return this.auth(request, name);
    if (area === 'entities' && name !== undefined && rest.length === 0) return this.rows(request, name, id);
    return failure('not_found', `No API route ${request.method} /_api${request.path}.`);
  }

  private async currentUser(request: ApiRequest): Promise<AppUserView | null> {
    if (!request.sessionToken) return null;
    return this.lookup.session(request.app.id, sessionHashOf(request.sessionToken));
  }

  private async rows(request: ApiRequest, entity: string, id: string | undefined): Promise<ApiResult> {
    const user = await this.currentUser(request);
    if (request.app.visibility === 'login_required' && !user) return failure('unauthorized', 'Sign in to use this app.');
    const actor: RowActor = user ? { kind: 'app_user', email: user.email } : { kind: 'visitor' };
    const base = { app_id: request.app.id, entity, actor };
    if (id === undefined) {
      if (request.method === 'GET') {
        const { limit, offset, order_by, expand } = readQuery(RuntimeRowsQuery, request.query);
        const found = await this.rpc.request(AppsSubjects.queryRows, {
          ...base,
          limit: limit ?? RUNTIME_ROWS_DEFAULT_LIMIT,
          offset: offset ?? 0,
          ...(order_by === undefined ? {} : { order_by }),
          ...filtersOf(request.query),
          ...expandOf(expand),
        });
        const page: EntityRowsResponse = { rows: found.rows, total: found.total, next_offset: found.next_offset };
        return { status: 200, body: page };
      }
      if (request.method === 'POST') {
        return { status: 201, body: await this.rpc.request(AppsSubjects.insertRow, { ...base, data: readRowData(request.body) }) };
      }
      return this.methodNotAllowed(request, 'GET, POST');
    }
    if (id === TOTALS_SEGMENT) {
      if (request.method !== 'GET') return this.methodNotAllowed(request, 'GET');
      const { sum, group_by } = readQuery(RuntimeTotalsQuery, request.query);
      const sums = fieldList(sum);
      const totals = await this.rpc.request(AppsSubjects.totalRows, {
        ...base,
        ...(sums.length === 0 ? {} : { sum: sums }),
        ...(group_by === undefined ? {} : { group_by }),
        ...filtersOf(request.query),
      });
      return { status: 200, body: totals };
    }
    if (!ROW_ID.test(id)) return failure('not_found', `No ${entity} row ${id}.`);
    const rowId = Number(id);
    switch (request.method) {
      case 'GET': {
        const { expand } = readQuery(RuntimeRowQuery, request.query);
        return { status: 200, body: await this.rpc.request(AppsSubjects.getRow, { ...base, id: rowId, ...expandOf(expand) }) };
      }
      case 'PATCH':
        return { status: 200, body: await this.rpc.request(AppsSubjects.updateRow, { ...base, id: rowId, data: readRowData(request.body) }) };
      case 'DELETE':
        return { status: 200, body: await this.rpc.request(AppsSubjects.deleteRow, { ...base, id: rowId }) };
      default:
        return this.methodNotAllowed(request, 'GET, PATCH, DELETE');
    }
  }

  private async auth(request: ApiRequest, action: string): Promise<ApiResult> {
    const app = request.app;
    switch (action) {
      case 'request_code': {
        if (request.method !== 'POST') return this.methodNotAllowed(request, 'POST');
        const body = readJsonObject(request.body);
        const email = typeof body['email'] === 'string' ? body['email'] : '';
        const answer = await this.rpc.request(UsersSubjects.appUserRequestCode, {
          app_id: app.id,
          account_id: app.account_id,
          app_name: app.name,
          email,
        });
        return { status: 200, body: { message: answer.message } };
      }
      case 'verify': {
        if (request.method !== 'POST') return this.methodNotAllowed(request, 'POST');
        const body = readJsonObject(request.body);
        const session = await this.rpc.request(UsersSubjects.appUserVerifyCode, {
          app_id: app.id,
          account_id: app.account_id,
          email: typeof body['email'] === 'string' ? body['email'] : '',
          code: typeof body['code'] === 'string' ? body['code'] : typeof body['code'] === 'number' ? String(body['code']) : '',
        });
        const response: AppSessionResponse = { user: { email: session.app_user.email, tier: effectiveTier(session.app_user) } };
        return { status: 200, body: response, setCookie: this.sessionCookie(session.session_token, APP_SESSION_MAX_AGE_SECONDS, request.secure) };
      }
      case 'me': {
        if (request.method !== 'GET') return this.methodNotAllowed(request, 'GET');
        const user = await this.currentUser(request);
        if (!user) return failure('unauthorized', 'Not signed in.');
        // Judged at each answer, so a grant that expires while the session is remembered ends with it.
        const response: AppSessionResponse = { user: { email: user.email, tier: effectiveTier(user) } };
        return { status: 200, body: response };
      }
      case 'sign_out': {
        if (request.method !== 'POST') return this.methodNotAllowed(request, 'POST');
        if (request.sessionToken) {
          const sessionHash = sessionHashOf(request.sessionToken);
          await this.rpc.request(UsersSubjects.appUserSignOut, { app_id: app.id, session_hash: sessionHash });
          this.lookup.forgetSession(app.id, sessionHash);
        }
        return { status: 200, body: { success: true }, setCookie: this.sessionCookie('', 0, request.secure) };
      }
      default:
        return failure('not_found', `No API route ${request.method} /_api${request.path}.`);
    }
  }

  private sessionCookie(token: string, maxAgeSeconds: number, secure = false): string {
    return serializeCookie(APP_SESSION_COOKIE, token, { maxAgeSeconds, secure: secure || this.config.PUBLIC_URL_SCHEME === 'https' });
  }

  private methodNotAllowed(request: ApiRequest, allow: string): ApiResult {
    return failure('method_not_allowed', `${request.method} is not allowed on /_api${request.path}; use ${allow}.`);
  }
}
