import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api-types.generated';
import { SDK_VERSION } from './version';

/** Where the API is when nothing else is said: a platform started locally with `npm start`. */
export const DEFAULT_API_URL = 'http://localhost:3000/api/v1';
/** The path every version-1 route is under (contract: `{base_url}` ends in it). */
export const API_PATH = '/api/v1';

export interface AppgenClientOptions {
  /** The API (`https://appgen.example/api/v1`) or its site root (`/api/v1` is added); default DEFAULT_API_URL */
  baseUrl?: string;
  /** An API key (`svc_...`), sent as `X-API-Key` */
  apiKey?: string;
  /** An OAuth or sign-in access token, sent as `Authorization: Bearer` (used when no apiKey is given) */
  accessToken?: string;
  /** Names your program in the User-Agent, before the SDK's own `appgen-sdk/<version>` */
  userAgent?: string;
  /** Headers added to every request */
  headers?: Record<string, string>;
  /** A fetch of your own (tests, proxies); default the global fetch */
  fetch?: typeof globalThis.fetch;
}

/** The answer of a request to a path the typed client does not know yet: the body as JSON (or text), and the response. */
export interface UncheckedResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export type AppgenClient = Client<paths> & {
  /** The API's URL requests go to, ending in `/api/v1`. */
  readonly baseUrl: string;
  /**
   * A request to a route this version of the SDK has no types for (one the API added since), with the client's
   * credential and headers. `path` is relative to the API (`/managed_apps/abc/custom_domains`).
   */
  unchecked(method: string, path: string, body?: unknown): Promise<UncheckedResult>;
};

/** `https://x.example`, `https://x.example/` and `https://x.example/api/v1/` all mean `https://x.example/api/v1`. */
export function apiBaseUrl(url: string = DEFAULT_API_URL): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  return trimmed.endsWith(API_PATH) ? trimmed : `${trimmed}${API_PATH}`;
}

/**
 * A typed client of the appgen API (openapi-fetch over the types generated from `/openapi.json`): every path,
 * parameter, body and answer is checked by the compiler. Calls answer `{data, error, response}` and never throw
 * for an API failure; wrap a call in `dataOf()` to throw `AppgenApiError` instead.
 *
 *   const appgen = createAppgenClient({ apiKey: process.env.APPGEN_API_KEY });
 *   const { data, error } = await appgen.GET('/managed_apps', { params: { query: { status: 'generated' } } });
 */
export function createAppgenClient(options: AppgenClientOptions = {}): AppgenClient {
  const baseUrl = apiBaseUrl(options.baseUrl);
  const headers = clientHeaders(options);
  // Looked up at each request rather than when the client is made, so a fetch replaced afterwards is the one used.
  const send: typeof globalThis.fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const client = createClient<paths>({ baseUrl, headers, fetch: (request: Request) => send(request) });
  const unchecked = async (method: string, path: string, body?: unknown): Promise<UncheckedResult> => {
    const response = await send(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, {
      method: method.toUpperCase(),
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = parseJson(text);
    return response.ok ? { data: parsed, response } : { error: parsed, response };
  };
  return Object.assign(client, { baseUrl, unchecked });
}

function clientHeaders(options: AppgenClientOptions): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'User-Agent': [options.userAgent, `appgen-sdk/${SDK_VERSION}`].filter(Boolean).join(' '),
    ...options.headers,
  };
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  else if (options.accessToken) headers['Authorization'] = `Bearer ${options.accessToken}`;
  return headers;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
