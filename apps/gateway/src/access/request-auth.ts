import type { Caller } from '@appgen/contracts';

/** What authentication found out about a request, decided once in the onRequest hook. */
export type RequestAuth = { caller: Caller } | { caller: null; reason: string };

// Keyed by the Fastify request object, which the hook and Nest's guards and decorators all receive.
const authByRequest = new WeakMap<object, RequestAuth>();

export function setRequestAuth(request: object, auth: RequestAuth): void {
  authByRequest.set(request, auth);
}

/** Undefined only on routes the request gate skips (health probes). */
export function requestAuth(request: object): RequestAuth | undefined {
  return authByRequest.get(request);
}
