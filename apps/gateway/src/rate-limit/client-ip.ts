import type { IncomingHttpHeaders } from 'node:http';

/**
 * The address a request came from. Behind a proxy (TRUST_PROXY) that is the last X-Forwarded-For
 * entry, the one the proxy itself appended; earlier entries are whatever the client chose to send.
 */
export function clientIp(socketIp: string, headers: IncomingHttpHeaders, trustProxy: boolean): string {
  if (!trustProxy) return socketIp;
  const forwarded = headers['x-forwarded-for'];
  const value = Array.isArray(forwarded) ? forwarded[forwarded.length - 1] : forwarded;
  const last = value?.split(',').pop()?.trim();
  return last || socketIp;
}
