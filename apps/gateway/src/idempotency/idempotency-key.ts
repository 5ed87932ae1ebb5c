import { createHash } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from '@appgen/contracts';
import { AppgenError, canonicalJson } from '@appgen/service-kit';

/** Header names as Node.js presents them (lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

/** The response headers a replay repeats; rate-limit headers are fresh on every response instead. */
export const REPLAYED_RESPONSE_HEADERS = ['content-type', 'location'] as const;

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const INVALID_KEY = 'must be 1 to 255 printable ASCII characters';

/**
 * The Idempotency-Key a request carries, or undefined without one. A malformed key is refused
 * (422 naming the header) rather than ignored: a client that sends one relies on it.
 */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  // Node.js joins repeated headers; an array only comes from callers that bypass the parser.
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (!KEY_PATTERN.test(key)) throw AppgenError.validation([{ field: 'Idempotency-Key', message: INVALID_KEY }]);
  return key;
}

/**
 * The request's Idempotency-Key as a handler parameter, for work that must recognise a retry itself (a deploy). A
 * custom decorator rather than `@Headers()`, which would add the header to the OpenAPI document a second time.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined =>
  idempotencyKeyOf(context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders }>().headers),
);

/**
 * The client's key as the `idempotency_key` of a service request, for work that must recognise a retry itself (a
 * deploy, a generation, an app created): the gateway releases a key whose request failed with a 5xx, so a retry
 * runs again although the first attempt may have done its work.
 */
export function keyed(idempotencyKey: string | undefined): { idempotency_key?: string } {
  return idempotencyKey === undefined ? {} : { idempotency_key: idempotencyKey };
}

/** What makes two requests "the same request": method, path (query string excluded) and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const path = url.split('?')[0] ?? url;
  return createHash('sha256').update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * Whose key it is: the caller's account, or for public routes the client IP, given as its keyed hash
 * (hashClientIp: the raw IP is never stored). Two accounts using the same key never see each other's responses.
 */
export function idempotencyScope(caller: Caller | null, clientIpHash: string): string {
  if (caller) return `acct:${caller.accountId}`;
  return `ip:${clientIpHash}`;
}

/**
 * Whether a finished response is kept for replays (`record`) or forgotten so that a retry runs the
 * request again (`release`). Kept: successes and client errors that the same body would cause again.
 * Forgotten: 401, 403 and 429 (the retry may come with a valid credential or after the window) and
 * every 5xx (a down or slow service must not turn into a remembered failure).
 */
export function dispositionOf(status: number): 'record' | 'release' {
  if (status >= 200 && status < 300) return 'record';
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) return 'record';
  return 'release';
}
