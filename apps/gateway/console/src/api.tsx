import { AppgenApiError, createAppgenClient, dataOf, type AppgenClient, type components } from '@appgen/sdk';

export type Schemas = components['schemas'];

/** Where the console's API is: the public API replayed by the gateway with the session cookie's token. */
const CONSOLE_API = '/account/api/v1';
/** The console's own routes, beyond the public API (the gateway's console-analytics.controller.ts). */
const CONSOLE_ONLY_API = '/account/api/console';
const SESSION = '/account/session';

export interface Session {
  account: { id: number; email: string };
  csrf_token: string;
  expires_at: string;
}

/** The event a 401 of the console's API raises: the cookie expired or its sign-in was revoked. */
export const SESSION_ENDED = 'appgen:session-ended';

/**
 * fetch for the console's calls: a 401 means the session is gone (expired, signed out elsewhere), never a fault of the
 * page, so it is announced for the console to ask for a sign-in where the person is, rather than shown as an error.
 */
const consoleFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 401) dispatchEvent(new Event(SESSION_ENDED));
  return response;
};

/** The typed client of the API (the SDK), sending the session's CSRF token; the cookie goes by itself. */
export function consoleClient(session: Session): AppgenClient {
  return createAppgenClient({ baseUrl: `${location.origin}${CONSOLE_API}`, headers: { 'X-CSRF-Token': session.csrf_token }, fetch: consoleFetch });
}

/** One UTC day of an app's traffic (AnalyticsSeriesResponse in the contracts). */
export interface AnalyticsDay {
  date: string;
  page_views: number;
  unique_visitors: number;
  sessions: number;
}

/** An app's traffic day by day over `period`, oldest first, zero-filled (a console-only route). */
export async function dailyAnalytics(session: Session, appId: string, period: string): Promise<AnalyticsDay[]> {
  const response = await consoleFetch(`${CONSOLE_ONLY_API}/apps/${encodeURIComponent(appId)}/analytics/daily?period=${encodeURIComponent(period)}`, {
    headers: { Accept: 'application/json', 'X-CSRF-Token': session.csrf_token },
  });
  if (!response.ok) throw new Error(await messageOf(response));
  return ((await response.json()) as { days: AnalyticsDay[] }).days;
}

export { dataOf };

/** The message of whatever went wrong, as a person reads it. */
export function problemText(error: unknown): string {
  if (error instanceof AppgenApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

async function sessionCall(method: string, path: string, body?: unknown, csrf?: string): Promise<Response> {
  return fetch(path, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return body.message ?? `The request failed (${response.status}).`;
}

export async function currentSession(): Promise<Session | null> {
  const response = await sessionCall('GET', SESSION);
  return response.ok ? ((await response.json()) as Session) : null;
}

export async function requestCode(email: string): Promise<void> {
  const response = await sessionCall('POST', `${SESSION}/code`, { email });
  if (!response.ok) throw new Error(await messageOf(response));
}

export async function signIn(email: string, code: string): Promise<Session> {
  const response = await sessionCall('POST', SESSION, { email, code });
  if (!response.ok) throw new Error(response.status === 401 ? 'That code is wrong or has expired. Ask for a new one.' : await messageOf(response));
  return (await response.json()) as Session;
}

export async function signOut(session: Session): Promise<void> {
  await sessionCall('DELETE', SESSION, undefined, session.csrf_token);
}
