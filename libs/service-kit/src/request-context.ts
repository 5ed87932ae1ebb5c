import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { formatTraceparent, type TraceContext } from './trace-context';

/**
 * What one request carries through a process and across NATS: its id, so that one id finds every log line
 * of its path (gateway, then each service it reaches), and the account it acts for, once known. Never
 * secrets: this is what access logs print.
 */
export interface RequestContext {
  requestId: string;
  accountId?: number;
  /** The span the work in this context runs under: what its log lines name and its outgoing messages carry. */
  trace?: TraceContext;
}

/** HTTP header (in and out) and NATS header that carry the request id. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** NATS header with the account a request acts for, for the receiver's access log only (the payload's caller decides access). */
export const ACCOUNT_ID_HEADER = 'X-Account-Id';

const storage = new AsyncLocalStorage<RequestContext>();

/** An id a client sent is kept when it is short and plain, so that it can be searched for; otherwise a new one is made. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(given: string | null | undefined): string {
  return given && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** Records the authenticated account on the current request, for the access log and the calls it makes. */
export function setRequestAccount(accountId: number): void {
  const context = storage.getStore();
  if (context) context.accountId = accountId;
}

/** The `traceparent` of the current span, for work stored now and done later (an outbox row, a job, a delivery). */
export function currentTraceparent(): string | null {
  const trace = storage.getStore()?.trace;
  return trace ? formatTraceparent(trace) : null;
}
