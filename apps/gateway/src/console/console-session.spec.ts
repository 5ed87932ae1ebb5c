import { randomBytes } from 'node:crypto';
import { CONSOLE_COOKIE, consoleCookie, consoleSealKey, csrfAllows, newConsoleSession, openConsoleSession, signInAllowed } from './console-session';

const SITE = 'https://appgen.example';
const key = consoleSealKey(randomBytes(32));
const account = { id: 7, email: 'ada@example.com' };

function cookieHeader(setCookie: string): string {
  return setCookie.split(';')[0];
}

describe('console session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Secure on https, scoped to /account, and lasts as long as the token', () => {
    const session = newConsoleSession('at_token', 3600, account, 1_000_000);
    const cookie = consoleCookie(key, true, session, 1_000_000);
    expect(cookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=v1\\.`));
    expect(cookie).toContain('; Max-Age=3600; Path=/account; HttpOnly; SameSite=Strict; Secure');
    expect(cookie).not.toContain('at_token');
    expect(consoleCookie(key, false, session)).not.toContain('Secure');
  });

  it('opens what it sealed, and nothing altered, expired or sealed under another key', () => {
    const session = newConsoleSession('at_token', 3600, account);
    const cookie = cookieHeader(consoleCookie(key, false, session));
    expect(openConsoleSession(key, { cookie: `other=1; ${cookie}` })).toEqual(session);
    expect(openConsoleSession(consoleSealKey(randomBytes(32)), { cookie })).toBeUndefined();
    expect(openConsoleSession(key, { cookie: `${cookie.slice(0, -4)}AAAA` })).toBeUndefined();
    expect(openConsoleSession(key, { cookie }, Date.now() + 3601_000)).toBeUndefined();
    expect(openConsoleSession(key, {})).toBeUndefined();
  });

  it('is cleared on sign-out', () => {
    expect(consoleCookie(key, true, undefined)).toBe(`${CONSOLE_COOKIE}=; Max-Age=0; Path=/account; HttpOnly; SameSite=Strict; Secure`);
  });
});

describe('console CSRF defence', () => {
  const session = newConsoleSession('at_token', 3600, account);

  it('lets a same-origin request carrying the session token through', () => {
    expect(csrfAllows(session, { origin: SITE, 'x-csrf-token': session.csrf, 'sec-fetch-site': 'same-origin' }, SITE)).toBe(true);
    expect(csrfAllows(session, { 'x-csrf-token': session.csrf }, SITE)).toBe(true);
  });

  it('refuses a missing or wrong token, and any other origin even with the token', () => {
    expect(csrfAllows(session, { origin: SITE }, SITE)).toBe(false);
    expect(csrfAllows(session, { origin: SITE, 'x-csrf-token': `${session.csrf.slice(1)}x` }, SITE)).toBe(false);
    expect(csrfAllows(session, { origin: 'https://evil.example', 'x-csrf-token': session.csrf }, SITE)).toBe(false);
    expect(csrfAllows(session, { 'sec-fetch-site': 'cross-site', 'x-csrf-token': session.csrf }, SITE)).toBe(false);
    expect(csrfAllows(session, { referer: 'https://evil.example/page', 'x-csrf-token': session.csrf }, SITE)).toBe(false);
  });

  it('takes sign-in only as JSON from the site itself', () => {
    expect(signInAllowed({ origin: SITE, 'content-type': 'application/json' }, SITE)).toBe(true);
    expect(signInAllowed({ origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, SITE)).toBe(false);
    expect(signInAllowed({ origin: 'https://evil.example', 'content-type': 'application/json' }, SITE)).toBe(false);
    expect(signInAllowed({ 'content-type': 'application/json' }, SITE)).toBe(false);
  });
});
