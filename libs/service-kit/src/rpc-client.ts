import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  createInbox,
  headers as natsHeaders,
  JSONCodec,
  MsgHdrsImpl,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from 'nats';
import {
  isServiceErrorPayload,
  type MessageMap,
  type MessageSubject,
  type RpcRequest,
  type RpcResponse,
  type RpcSubject,
} from '@appgen/contracts';
import { DEFAULT_MAX_REPLY_BYTES, joinParts, messageBudget, parsePartMarker, REPLY_PART_HEADER } from './message-parts';
import { rpcClientDuration, rpcClientTimeouts } from './metrics';
import { ACCOUNT_ID_HEADER, currentRequestContext, REQUEST_ID_HEADER, type RequestContext } from './request-context';
import { AppgenError } from './appgen-error';
import { formatTraceparent, injectTrace, TRACEPARENT_HEADER, type TraceContext } from './trace-context';
import { endSpan, SpanKind, startSpan } from './tracing';

/** How long `announce` waits for the NATS server to take a broadcast before it gives up. */
export const ANNOUNCE_TIMEOUT_MS = 2000;

/** Nest's NATS wire format: a request carries an id (so a reply is expected), an event does not. */
interface NestReply {
  response?: unknown;
  err?: unknown;
}

const codec = JSONCodec<unknown>();

/** Names the service behind a subject for a public message, without exposing the subject itself. */
function serviceOf(subject: string): string {
  return `${subject.split('.')[0] ?? 'platform'} service`;
}

/**
 * The header block of a message carrying `context` and `trace`, as MsgHdrs would write it. nats.js's MsgHdrs keeps a map
 * of arrays, re-checks every key and value and spells the block again on each publish (a few KB of garbage for every
 * request); publishing reads nothing of it but encode(). The account is an integer and the traceparent hex digits
 * and dashes; a request id is plain as made (requestIdFrom), and one holding a line break all the same goes through
 * MsgHdrs's checks as it always did.
 */
function spelledHeaders(context: RequestContext | undefined, trace: TraceContext | undefined): MsgHdrs {
  if (context && /[\r\n]/.test(context.requestId)) return checkedHeaders(context, trace);
  let block = 'NATS/1.0';
  if (context) block += `\r\n${REQUEST_ID_HEADER}: ${context.requestId}`;
  if (context?.accountId !== undefined) block += `\r\n${ACCOUNT_ID_HEADER}: ${context.accountId}`;
  if (trace) block += `\r\n${TRACEPARENT_HEADER}: ${formatTraceparent(trace)}`;
  return new SpelledHeaders(textEncoder.encode(`${block}\r\n\r\n`));
}

const textEncoder = new TextEncoder();

/** Headers whose block is already spelled: what publishing encodes is that block. */
class SpelledHeaders extends MsgHdrsImpl {
  constructor(private readonly block: Uint8Array) {
    super();
  }

  override encode(): Uint8Array {
    return this.block;
  }
}

function checkedHeaders(context: RequestContext | undefined, trace: TraceContext | undefined): MsgHdrs {
  const headers = natsHeaders();
  if (context) headers.set(REQUEST_ID_HEADER, context.requestId);
  if (context?.accountId !== undefined) headers.set(ACCOUNT_ID_HEADER, String(context.accountId));
  injectTrace(headers, trace);
  return headers;
}

/** What a reply says: the response, or the failure it carries re-raised. */
function answerOf<S extends RpcSubject>(replyData: Uint8Array): RpcResponse<S> {
  const reply = codec.decode(replyData) as NestReply;
  if (reply.err !== undefined && reply.err !== null) {
    if (isServiceErrorPayload(reply.err)) throw AppgenError.fromPayload(reply.err);
    throw AppgenError.of('internal_error', 'An internal error occurred');
  }
  return reply.response as RpcResponse<S>;
}

/** A request waiting for its reply, which may come in several parts. */
interface PendingReply {
  subject: string;
  parts: Uint8Array[];
  bytes: number;
  resolve(data: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Typed request/reply over core NATS, speaking the Nest microservices wire format so handlers stay
 * plain `@MessagePattern`s. Unlike Nest's ClientProxy it tells "nobody is listening" (503) apart
 * from "nobody answered in time" (504), joins replies that arrive in parts (message-parts.ts), refuses a
 * request too large for one message with 413 instead of throwing, and carries the request id and the trace
 * along (a client span per request, its `traceparent` in the headers). Each request is counted in
 * `appgen_rpc_client_duration_seconds` by outcome; a timeout also in `appgen_rpc_client_timeouts_total`.
 *
 * Replies come to one wildcard inbox subscription per client (as nats.js's own request() does), keyed by a
 * token per request, because request() ends at the first message and a large reply has several.
 */
export class RpcClient {
  private readonly inbox = createInbox();
  private readonly pending = new Map<string, PendingReply>();
  private readonly subscription: Subscription;

  /**
   * @param maxReplyBytes the most a reply may hold in all its parts (RPC_MAX_REPLY_BYTES); senders refuse
   *   larger replies themselves, this guards the receiver against a sender configured otherwise
   */
  constructor(
    private readonly connection: NatsConnection,
    private readonly timeoutMs: number,
    private readonly maxReplyBytes = DEFAULT_MAX_REPLY_BYTES,
  ) {
    this.subscription = connection.subscribe(`${this.inbox}.*`, {
      callback: (error, message) => {
        if (!error) this.onReplyMessage(message);
      },
    });
  }

  /** Chained rather than async: every request of every process passes here, and each await is a promise more. */
  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>, timeoutMs = this.timeoutMs): Promise<RpcResponse<S>> {
    // One id names the request in Nest's packet and its reply subject.
    const token = randomUUID();
    let data: Uint8Array;
    try {
      data = codec.encode({ pattern: subject, data: payload, id: token });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const budget = messageBudget(this.connection);
    if (data.length > budget) {
      return Promise.reject(
        AppgenError.of('payload_too_large', `The request is too large to pass to the ${serviceOf(subject)} (${data.length} bytes; at most ${budget})`),
      );
    }
    const span = startSpan(subject, SpanKind.CLIENT, currentRequestContext()?.trace, { 'messaging.system': 'nats', 'messaging.destination.name': subject });
    const startedAt = performance.now();
    const finish = (outcome: string): void => {
      rpcClientDuration.observe({ subject, outcome }, (performance.now() - startedAt) / 1000);
      endSpan(span, outcome === 'ok' ? undefined : outcome);
    };
    return this.exchange(subject, token, data, timeoutMs, span.context).then(
      (replyData) => {
        finish('ok');
        return answerOf<S>(replyData);
      },
      (error: unknown) => {
        const code = error instanceof AppgenError ? error.body.error : 'error';
        const outcome = code === 'upstream_timeout' ? 'timeout' : code === 'service_unavailable' ? 'unavailable' : 'error';
        if (outcome === 'timeout') rpcClientTimeouts.inc({ subject });
        finish(outcome);
        throw error;
      },
    );
  }

  /** Fire-and-forget: delivered to one member of the subject's queue group, or to every subscriber of a broadcast. */
  emit<S extends MessageSubject>(subject: S, payload: MessageMap[S]): void {
    this.connection.publish(subject, codec.encode({ pattern: subject, data: payload }), { headers: this.contextHeaders(currentRequestContext()?.trace) });
  }

  /**
   * A broadcast the sender's answer must not overtake: resolves once the NATS server has taken it (a PING
   * after it came back), so it is already on its way to every subscriber when the caller replies. Used for
   * edge invalidations (EdgeEvents), sent after the change commits and before the API answers.
   *
   * It never fails the change it follows: while NATS cannot be reached it gives up after ANNOUNCE_TIMEOUT_MS
   * (the edge's caches then expire by themselves within RUNTIME_CACHE_MS), and answers whether it got through.
   */
  async announce<S extends MessageSubject>(subject: S, payload: MessageMap[S]): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      this.emit(subject, payload);
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ANNOUNCE_TIMEOUT_MS);
      });
      return await Promise.race([this.connection.flush().then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private exchange(subject: string, token: string, data: Uint8Array, timeoutMs: number, trace: TraceContext): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(AppgenError.of('upstream_timeout', `The ${serviceOf(subject)} did not answer in time; try again shortly`));
      }, timeoutMs);
      this.pending.set(token, { subject, parts: [], bytes: 0, resolve, reject, timer });
      try {
        this.connection.publish(subject, data, { reply: `${this.inbox}.${token}`, headers: this.contextHeaders(trace) });
      } catch (error) {
        this.settle(token);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /**
   * The request id and account of the request being served, if any, for the receiver's access log, and the
   * trace the receiver continues.
   */
  private contextHeaders(trace: TraceContext | undefined): MsgHdrs | undefined {
    const context = currentRequestContext();
    if (!context && !trace) return undefined;
    return spelledHeaders(context, trace);
  }

  private onReplyMessage(message: Msg): void {
    const token = message.subject.slice(this.inbox.length + 1);
    const waiting = this.pending.get(token);
    if (!waiting) return; // timed out already
    // The server answers a request nobody subscribes to with an empty 503 status message.
    if (message.data.length === 0 && message.headers?.code === 503) {
      this.settle(token);
      waiting.reject(AppgenError.of('service_unavailable', `The ${serviceOf(waiting.subject)} is unavailable right now; try again shortly`));
      return;
    }
    const markerValue = message.headers?.get(REPLY_PART_HEADER) ?? '';
    if (markerValue === '') {
      this.settle(token);
      waiting.resolve(message.data);
      return;
    }
    const marker = parsePartMarker(markerValue);
    waiting.bytes += message.data.length;
    if (!marker || marker.index !== waiting.parts.length + 1 || waiting.bytes > this.maxReplyBytes) {
      this.settle(token);
      waiting.reject(
        AppgenError.of(
          'internal_error',
          `The ${serviceOf(waiting.subject)} sent a reply that could not be read; try again, or ask for less`,
        ),
      );
      return;
    }
    waiting.parts.push(message.data);
    if (marker.index === marker.count) {
      this.settle(token);
      waiting.resolve(joinParts(waiting.parts));
    }
  }

  private settle(token: string): void {
    const waiting = this.pending.get(token);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(token);
  }

  /** For tests and shutdown: stops listening for replies. */
  close(): void {
    this.subscription.unsubscribe();
  }
}
