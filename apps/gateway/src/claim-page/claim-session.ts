import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { openSecret, sealSecret } from '@appgen/service-kit';

/** The claim page's cookie: one per claim token (its Path is that token's page). */
export const CLAIM_COOKIE = 'appgen_claim';
/** How long a claim page keeps a visitor signed in: long enough to read a mailed code and claim, no longer. */
export const CLAIM_SESSION_SECONDS = 30 * 60;

/**
 * What the cookie holds, sealed (AES-256-GCM), so neither the account nor anything else is readable or can be
 * changed by the browser: the claim token it was issued for (as a digest), a random nonce the forms' CSRF tokens
 * are derived from, and once the visitor has signed in by code, the account.
 */
export interface ClaimSession {
  /** SHA-256 (base64url) of the claim token the session belongs to */
  token: string;
  nonce: string;
  /** unix seconds after which the session is worth nothing */
  expires: number;
  /** the app the token names, as the page found it */
  appId: string;
  account?: { id: number; email: string };
}

/** The keys of the claim page, derived from SECRETS_KEY (never that key itself): one seals cookies, one signs forms. */
export interface ClaimPageKeys {
  seal: Buffer;
  forms: Buffer;
}

export function claimPageKeys(secretsKey: Buffer): ClaimPageKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), info, 32));
  return { seal: derive('appgen gateway claim page session'), forms: derive('appgen gateway claim page forms') };
}

export function claimTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new session for `token`'s page: a fresh nonce (also at sign-in, so a nonce seen before it is worth nothing after). */
export function newClaimSession(token: string, appId: string, account?: ClaimSession['account'], now = Date.now()): ClaimSession {
  return {
    token: claimTokenDigest(token),
    nonce: randomBytes(16).toString('base64url'),
    expires: Math.floor(now / 1000) + CLAIM_SESSION_SECONDS,
    appId,
    ...(account ? { account } : {}),
  };
}

export function sealClaimSession(keys: ClaimPageKeys, session: ClaimSession): string {
  return sealSecret(keys.seal, JSON.stringify(session));
}

/** The session of `token`'s page in the request's cookie; undefined when there is none, or it is altered, expired or another token's. */
export function openClaimSession(keys: ClaimPageKeys, headers: IncomingHttpHeaders, token: string, now = Date.now()): ClaimSession | undefined {
  const sealed = cookieValue(headers.cookie, CLAIM_COOKIE);
  if (sealed === undefined) return undefined;
  let session: ClaimSession;
  try {
    session = JSON.parse(openSecret(keys.seal, sealed)) as ClaimSession;
  } catch {
    return undefined;
  }
  if (typeof session !== 'object' || session === null || typeof session.nonce !== 'string' || typeof session.appId !== 'string') return undefined;
  if (session.token !== claimTokenDigest(token) || !(session.expires > now / 1000)) return undefined;
  return session;
}

/** The CSRF token of one form (`action`) of one session: an HMAC of the cookie's nonce, so it is worth nothing without that cookie. */
export function formToken(keys: ClaimPageKeys, session: ClaimSession, action: string): string {
  return createHmac('sha256', keys.forms).update(`claim-form:${session.token}:${session.nonce}:${action}`).digest('base64url');
}

export function formTokenMatches(keys: ClaimPageKeys, session: ClaimSession, action: string, presented: unknown): boolean {
  const expected = Buffer.from(formToken(keys, session, action));
  const given = Buffer.from(typeof presented === 'string' ? presented : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The Set-Cookie value: HttpOnly, SameSite=Lax (a form posted from another site carries no cookie), Secure when the
 * site is served over https, scoped to the one claim page. Without a session, the cookie is cleared.
 */
export function claimCookie(path: string, secure: boolean, sealed: string | undefined): string {
  const attributes = [`Path=${path}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (sealed === undefined) return [`${CLAIM_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${CLAIM_COOKIE}=${sealed}`, `Max-Age=${CLAIM_SESSION_SECONDS}`, ...attributes].join('; ');
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Whether a form post comes from the site itself: an `Origin` (or, without one, a `Referer`) naming another origin, or
 * `Sec-Fetch-Site` saying the post is cross-site, is refused. A client that sends none of them still needs the
 * form's token, which only a page of this site with the session's cookie shows.
 */
export function sameOriginPost(headers: IncomingHttpHeaders, siteOrigin: string): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = headers.origin;
  if (typeof origin === 'string') return origin === siteOrigin;
  const referer = headers.referer;
  if (typeof referer === 'string') return URL.parse(referer)?.origin === siteOrigin;
  return true;
}
