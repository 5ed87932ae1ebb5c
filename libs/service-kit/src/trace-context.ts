/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) for appgen's own transports. No instrumentation
 * exists for the nats client, so the `traceparent` header is written and read here, for NATS message headers
 * (requests, replies, JetStream events) and HTTP headers alike: the gateway and the edge take it from a client
 * (or start a trace), every hop after carries it on.
 */

/** The header carrying the trace, on HTTP and on NATS messages (lower case, as HTTP/2 and Node spell it). */
export const TRACEPARENT_HEADER = 'traceparent';

/** Where the current work sits in a trace: the trace, and the span a child of it would hang under. */
export interface TraceContext {
  /** 32 lowercase hex digits, never all zeros */
  traceId: string;
  /** 16 lowercase hex digits, never all zeros */
  spanId: string;
  /** the `sampled` flag: whether the caller records this trace */
  sampled: boolean;
}

/** Headers of any transport: NATS's MsgHdrs, a Node HTTP header object (through `httpHeaders`), a plain map. */
export interface HeaderCarrier {
  get(name: string): string | undefined | null;
  set(name: string, value: string): void;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZEROS = /^0+$/;

/**
 * The trace a `traceparent` value names, or undefined when it is absent or malformed (the receiver then starts
 * a trace of its own, as the specification asks). Version ff is invalid; a later version than 00 is read as 00
 * as long as its first four fields are well formed.
 */
export function parseTraceparent(value: string | null | undefined): TraceContext | undefined {
  if (!value) return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version = '', traceId = '', spanId = '', flags = '', rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(spanId)) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

/** Writes `context` into the headers of an outgoing message or request. */
export function injectTrace(carrier: HeaderCarrier, context: TraceContext | undefined): void {
  if (context) carrier.set(TRACEPARENT_HEADER, formatTraceparent(context));
}

/** The trace an incoming message or request carries, if any (well formed). */
export function extractTrace(carrier: Pick<HeaderCarrier, 'get'> | undefined): TraceContext | undefined {
  return parseTraceparent(carrier?.get(TRACEPARENT_HEADER));
}

/** A carrier over Node's incoming or outgoing HTTP header object (names are lower case there). */
export function httpHeaders(headers: Record<string, string | string[] | number | undefined>): HeaderCarrier {
  return {
    get: (name) => {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value);
    },
    set: (name, value) => {
      headers[name.toLowerCase()] = value;
    },
  };
}
