import type { Caller, CREDENTIAL_TYPES } from '@appgen/contracts';
import { objectSlot } from '@appgen/service-kit';

/** How the caller authenticated (GET /account says so): which kind of credential, and the OAuth client if any. */
export interface CallerCredential {
  type: (typeof CREDENTIAL_TYPES)[number];
  clientId: string | null;
}

export interface ResolvedCredential {
  caller: Caller;
  credential: CallerCredential;
}

/** What authentication found out about a request, decided once in the onRequest hook. */
export type RequestAuth = ResolvedCredential | { caller: null; reason: string };

// Keyed by the Fastify request object, which the hook and Nest's guards and decorators all receive.
const authByRequest = objectSlot<RequestAuth>('appgen.auth');

export function setRequestAuth(request: object, auth: RequestAuth): void {
  authByRequest.set(request, auth);
}

/** Undefined only on routes the request gate skips (health probes). */
export function requestAuth(request: object): RequestAuth | undefined {
  return authByRequest.get(request);
}
