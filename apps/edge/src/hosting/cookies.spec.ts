import { hashIdentifier, newIdentifier, validIdentifier } from '../analytics/page-view-recorder';
import { parseCookies, serializeCookie } from './cookies';

describe('parseCookies', () => {
  it('reads name=value pairs, trimming and unquoting, first one winning', () => {
    const cookies = parseCookies('appgen_session=as_abc; theme="dark";  appgen_session=later; broken; =x');
    expect(cookies.get('appgen_session')).toBe('as_abc');
    expect(cookies.get('theme')).toBe('dark');
    expect(cookies.has('broken')).toBe(false);
  });

  it('is empty without a header', () => {
    expect(parseCookies(undefined).size).toBe(0);
  });
});

describe('serializeCookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole host', () => {
    expect(serializeCookie('appgen_session', 'as_abc', { maxAgeSeconds: 2592000, secure: false })).toBe(
      'appgen_session=as_abc; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('adds Secure behind https, and clears with Max-Age=0', () => {
    expect(serializeCookie('appgen_session', '', { maxAgeSeconds: 0, secure: true })).toBe(
      'appgen_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('refuses a value that would break the header', () => {
    expect(() => serializeCookie('a', 'x; Domain=evil', { maxAgeSeconds: 1, secure: false })).toThrow();
  });
});

describe('visitor and session identifiers', () => {
  it('are random, cookie-safe, and hashed before they leave the edge', () => {
    const id = newIdentifier();
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newIdentifier()).not.toBe(id);
    expect(validIdentifier(id)).toBe(id);
    expect(hashIdentifier(id)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replace a tampered cookie', () => {
    expect(validIdentifier('short')).toBeNull();
    expect(validIdentifier('has spaces in it, which is bad')).toBeNull();
    expect(validIdentifier(undefined)).toBeNull();
  });
});
