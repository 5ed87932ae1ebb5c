import { hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { openSecret, sealSecret } from '@appgen/service-kit';
import { cookieValue, sameOriginPost } from '../claim-page/claim-session';

/** The console's cookie: HttpOnly, so no script (the console's own included) ever reads the token inside it. */
export const CONSOLE_COOKIE = 'appgen_console';
/** The header every console API request carries: the session's CSRF token (double submit, checked against the sealed cookie). */
export const CSRF_HEADER = 'x-csrf-token';
/** Where the cookie is sent: the console's pages and its API, nothing else of the site. */
export const CONSOLE_PATH = '/account';
/** Routes of the console alone (not the public API's): the gateway's own, behind the console's session like its API. */
export const CONSOLE_ONLY_API = `${CONSOLE_PATH}/api/console`;

/**
 * A console session, sealed (AES-256-GCM under a key derived from SECRETS_KEY) into the cookie: the sign-in
 * access token the API issued for the e-mailed code, the CSRF token the console's scripts send back in a header,
 * and when the token stops working. The browser can neither read nor alter it.
 */
export interface ConsoleSession {
  /** the bearer access token (`at_...`) of `POST /auth/magic_code` */
  token: string;
  csrf: string;
  /** unix seconds: the access token's own expiry */
  expires: number;
  account: { id: number; email: string };
}

export function consoleSealKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'appgen gateway console session', 32));
}

export function newConsoleSession(token: string, expiresInSeconds: number, account: ConsoleSession['account'], now = Date.now()): ConsoleSession {
  return { token, csrf: randomBytes(24).toString('base64url'), expires: Math.floor(now / 1000) + expiresInSeconds, account };
}

/** The session in the request's cookie; undefined when there is none, or it is altered or expired. */
export function openConsoleSession(key: Buffer, headers: IncomingHttpHeaders, now = Date.now()): ConsoleSession | undefined {
  const sealed = cookieValue(headers.cookie, CONSOLE_COOKIE);
  if (!sealed) return undefined;
  let session: Partial<ConsoleSession>;
  try {
    session = JSON.parse(openSecret(key, sealed)) as Partial<ConsoleSession>;
  } catch {
    return undefined;
  }
  if (typeof session !== 'object' || session === null) return undefined;
  const { token, csrf, expires, account } = session;
  if (typeof token !== 'string' || typeof csrf !== 'string' || typeof expires !== 'number' || typeof account?.email !== 'string') return undefined;
  if (!(expires > now / 1000)) return undefined;
  return { token, csrf, expires, account };
}

/**
 * Set-Cookie for a session (or, without one, clearing it): HttpOnly, SameSite=Strict (no other site's page or link
 * makes the browser send it), Secure when the site is https, Path=/account, lasting as long as the token does.
 */
export function consoleCookie(key: Buffer, secure: boolean, session: ConsoleSession | undefined, now = Date.now()): string {
  const attributes = [`Path=${CONSOLE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  if (!session) return [`${CONSOLE_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  const maxAge = Math.max(0, session.expires - Math.floor(now / 1000));
  return [`${CONSOLE_COOKIE}=${sealSecret(key, JSON.stringify(session))}`, `Max-Age=${maxAge}`, ...attributes].join('; ');
}

/**
 * Whether a console API request may act on the session: it comes from the site's own origin (Origin, Referer or
 * Sec-Fetch-Site, as the claim page's forms are checked) and its CSRF header repeats the token sealed in the cookie,
 * which only a page of this origin can have read (from GET /account/session).
 */
export function csrfAllows(session: ConsoleSession, headers: IncomingHttpHeaders, siteOrigin: string): boolean {
  if (!sameOriginPost(headers, siteOrigin)) return false;
  const given = Buffer.from(typeof headers[CSRF_HEADER] === 'string' ? headers[CSRF_HEADER] : '');
  const expected = Buffer.from(session.csrf);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Before there is a session (asking for a code, signing in): only the site's own pages, and only JSON (which another site cannot post without a preflight). */
export function signInAllowed(headers: IncomingHttpHeaders, siteOrigin: string): boolean {
  const type = headers['content-type'] ?? '';
  return sameOriginPost(headers, siteOrigin) && typeof headers.origin === 'string' && /^application\/json\b/i.test(type);
}
