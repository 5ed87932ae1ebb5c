/** Cookie values the edge reads; anything else in the header is left alone. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals <= 0) continue;
    const name = part.slice(0, equals).trim();
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // The first occurrence wins, as browsers send the most specific cookie first.
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

const COOKIE_VALUE = /^[A-Za-z0-9_\-.]*$/;

/**
 * A Set-Cookie value: HttpOnly (scripts of the app never need these), SameSite=Lax (sent on top-level
 * navigation, not on cross-site subrequests), Path=/ (the whole host is the app), Secure behind https.
 * Max-Age 0 clears the cookie.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_VALUE.test(value)) throw new Error(`cookie ${name} has a value outside [A-Za-z0-9_-.]`);
  const parts = [`${name}=${value}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
