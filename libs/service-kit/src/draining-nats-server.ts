import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { NatsContext, ServerNats, type MessageHandler, type ReadPacket } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { headers as natsHeaders, JSONCodec, type Msg, type MsgHdrs, type NatsConnection, type NatsError, type Subscription, type SubscriptionOptions } from 'nats';
import { isObservable, throwError } from 'rxjs';
import {
  ERROR_CODES,
  formatBytes,
  isServiceErrorPayload,
  MESSAGE_SCHEMAS,
  RPC_SCHEMAS,
  validate,
  type ErrorCode,
  type ServiceErrorPayload,
  type TSchema,
} from '@appgen/contracts';
import { AppgenError } from './appgen-error';
import { findUnstorable, markWalked } from './no-nul.pipe';
import { formatPartMarker, messageBudget, REPLY_PART_HEADER, splitIntoParts } from './message-parts';
import { rpcServerDuration } from './metrics';
import { objectSlot } from './object-slot';
import { ServiceExceptionFilter } from './service-exception.filter';
import { ACCOUNT_ID_HEADER, REQUEST_ID_HEADER, requestIdFrom, runInRequestContext, type RequestContext } from './request-context';
import { extractTrace } from './trace-context';
import { endSpan, SpanKind, startSpan, type ActiveSpan } from './tracing';

/** One message being handled, for its access log line, its metrics and its span. */
interface Handling {
  subject: string;
  context: RequestContext;
  span: ActiveSpan;
  startedAt: number;
}

/** A message as Nest's deserializer reads it: a request carries an id, an event does not. */
type IncomingPacket = ReadPacket & { id?: string };

/** What Nest answers a handler's failure with when no filter of the app's own applies (none does in appgen). */
/** How a handler called directly answers a failure: as every service's handlers do (ServiceExceptionFilter). */
const rpcFailures = new ServiceExceptionFilter();

/** Nest's reply packet: a response, or an error, and whether the stream of answers has ended. */
interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

export interface DrainingNatsServerOptions {
  /** how long in-flight handlers may run after close() */
  drainTimeoutMs: number;
  /** RPC_MAX_REPLY_BYTES: a larger reply is answered with a `result_too_large` error instead */
  maxReplyBytes: number;
  /** CONTRACT_CHECK_REPLIES: a reply that breaks its subject's reply schema is logged and answered with a 500 */
  checkReplies?: boolean;
}

class ReplyTooLarge extends Error {}

/**
 * Replies are encoded here rather than by Nest's NatsRecordSerializer, which copies each packet into a new object
 * and builds a record for its `data`: a reply packet has none, so its JSON is the same, made with less garbage.
 */
const replyCodec = JSONCodec<ReplyPacket>();

/** More than any service subscribes to: the routes remembered can never grow without bound. */
const MAX_REMEMBERED_ROUTES = 1000;

function errorPacket(id: string, code: ErrorCode, message: string): ReplyPacket {
  const err: ServiceErrorPayload = { status: ERROR_CODES[code], body: { error: code, message } };
  return { id, err, isDisposed: true };
}

function accountIdFrom(headers: MsgHdrs | undefined): number | undefined {
  const raw = headers?.get(ACCOUNT_ID_HEADER);
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Nest's NATS server, made safe and observable:
 * - a reply larger than the server's max_payload goes out in parts (message-parts.ts) instead of throwing
 *   MAX_PAYLOAD_EXCEEDED out of Nest's reply path, which ended the process; a reply that still cannot be sent
 *   (over RPC_MAX_REPLY_BYTES, or publishing fails) becomes an error reply, and the process lives on;
 * - every message is checked against its subject's schema (RPC_SCHEMAS, MESSAGE_SCHEMAS of contracts) before its
 *   handler sees it: a malformed request is answered with the API's 422 naming the fields, a malformed event is
 *   logged and dropped, so no handler trusts what another service sent;
 * - every message handled runs in the request context its headers carry (request id, account, and the trace of
 *   its `traceparent`, continued in a server span), so the requests it makes carry them on; it is counted in
 *   `appgen_rpc_server_duration_seconds` and logs one access line: subject, status, duration, account (the
 *   logger adds the request and trace ids);
 * - on close it stops taking new messages (unsubscribes, so the queue group's other replicas take them), lets
 *   every handler already running finish and send its reply, then closes the connection.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly ownSubscriptions: Subscription[] = [];
  private readonly handling = objectSlot<Handling>('appgen.handling');
  /** Each handler behind its contract check, made once rather than for every message. */
  private readonly checkedHandlers = new WeakMap<MessageHandler, MessageHandler>();
  /** The route of each subscribed subject, worked out once (see getRouteFromPattern). */
  private readonly routes = new Map<string, string>();
  /** Handlers called without Nest's RPC pipeline, by subject (serveDirectly). */
  private readonly direct = new Map<string, (payload: unknown) => unknown>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly log = new Logger('NatsServer');
  private readonly accessLog = new Logger('Access');

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly limits: DrainingNatsServerOptions,
  ) {
    super(options);
  }

  /**
   * Reports the server started only once the NATS server has registered every subscription: without the
   * flush, a request sent the moment a (re)started service reports ready could find no responder.
   */
  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) return callback(error);
      this.unwrap<NatsConnection>()
        .flush()
        .then(() => callback(), callback);
    });
  }

  override bindEvents(client: NatsConnection): void {
    const recording = Object.create(client) as NatsConnection;
    recording.subscribe = (subject: string, opts?: SubscriptionOptions) => {
      const subscription = client.subscribe(subject, opts);
      this.ownSubscriptions.push(subscription);
      return subscription;
    };
    super.bindEvents(recording);
  }

  /**
   * Nest tries JSON.parse on the subject of every message (patterns may be JSON objects), which for appgen's plain
   * subjects throws, and a thrown SyntaxError with its stack trace was the dearest step of a simple read in the
   * service. A message's pattern is the subject it was subscribed under, one of a few: each is worked out once.
   */
  override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < MAX_REMEMBERED_ROUTES) this.routes.set(pattern, route);
    }
    return route;
  }

  /** The handler of `pattern`, behind the check of its subject's schema. */
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    const handler = super.getHandlerByPattern(pattern);
    const schema: TSchema | undefined = RPC_SCHEMAS[pattern]?.request ?? MESSAGE_SCHEMAS[pattern];
    if (!handler || !schema) return handler;
    const known = this.checkedHandlers.get(handler);
    if (known) return known;
    const checked: MessageHandler = (data: unknown, ...rest: unknown[]) => {
      const refusal = this.contractRefusal(schema, data);
      if (!refusal) {
        markWalked(data);
        return handler(data, ...rest);
      }
      if (handler.isEventHandler) {
        this.log.warn(`dropped a ${pattern} message that breaks its contract: ${refusal.body.message}`);
        return Promise.resolve(undefined);
      }
      return Promise.resolve(throwError(() => refusal.payload));
    };
    const wrapped = Object.assign(checked, { isEventHandler: handler.isEventHandler, extras: handler.extras, next: handler.next });
    this.checkedHandlers.set(handler, wrapped);
    return wrapped;
  }

  /**
   * Text Postgres cannot store as sent and nesting past the limit (findUnstorable), first and for any message, then
   * the subject's schema: the refusal, or null.
   */
  private contractRefusal(schema: TSchema, data: unknown): AppgenError | null {
    const unstorable = findUnstorable(data);
    if (unstorable) return AppgenError.validation([unstorable]);
    const checked = validate(schema, data);
    return checked.ok ? null : AppgenError.validation(checked.errors);
  }

  /**
   * Calls `call` with each request on `subject` instead of going through Nest's RPC pipeline (its proxy, execution
   * context, guards, pipes, interceptors and exception filter: a dozen promises a message, each also paying the request
   * context's async hooks). Only for handlers to which none of it applies (direct-handlers.ts checks, at boot); the
   * contract check, the request context, the span, the metrics and the access line are the same, and a failure is
   * answered by the exception filter Nest would use.
   */
  serveDirectly(subject: string, call: (payload: unknown) => unknown): void {
    this.direct.set(subject, call);
  }

  /** Nest's own wraps handleMessage in one more async function. */
  override getMessageHandler(channel: string): (error: NatsError | null, message: Msg) => Promise<unknown> | undefined {
    return (error, message) => {
      if (error) {
        this.log.error(error.message);
        return undefined;
      }
      return this.handleMessage(channel, message);
    };
  }

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    const span = startSpan(message.subject, message.reply ? SpanKind.SERVER : SpanKind.CONSUMER, extractTrace(message.headers), {
      'messaging.system': 'nats',
      'messaging.destination.name': message.subject,
    });
    const context: RequestContext = {
      requestId: requestIdFrom(message.headers?.get(REQUEST_ID_HEADER)),
      accountId: accountIdFrom(message.headers),
      trace: span.context,
    };
    const handling: Handling = { subject: message.subject, context, span, startedAt: performance.now() };
    this.handling.set(message, handling);
    this.inFlight += 1;
    try {
      return await runInRequestContext(context, () => this.dispatch(channel, message));
    } finally {
      // An event (no reply subject) is done when its handler is; a request when its reply is sent.
      if (!message.reply) this.logHandled(handling, 'event');
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((wake) => wake());
    }
  }

  /**
   * Nest's own ServerNats.handleMessage, but a handler's single answer (every request handler of appgen resolves
   * one value) is published at once instead of through rxjs (`from`, `mergeMap`, `catchError`, `finalize`, a
   * subscription and a tick): that pipeline was about a fifth of a simple read's CPU time in the service. An
   * Observable (a handler's error, which Nest's exception filter returns as one, or a streamed answer) still takes
   * Nest's path, so errors and streams are answered exactly as before.
   */
  private dispatch(channel: string, message: Msg): unknown {
    const decoded = this.deserializer.deserialize(message.data, { channel, replyTo: message.reply }) as IncomingPacket | Promise<IncomingPacket>;
    if (decoded instanceof Promise) return decoded.then((packet) => this.route(channel, message, packet));
    return this.route(channel, message, decoded);
  }

  private route(channel: string, message: Msg, packet: IncomingPacket): unknown {
    const context = new NatsContext([message.subject, message.headers]);
    if (packet.id === undefined) return this.handleEvent(channel, packet, context);
    const publish = this.getPublisher(message, packet.id, context);
    const direct = this.direct.get(channel);
    if (direct) return this.answerDirectly(channel, direct, packet.data, context, publish);
    const handler = this.getHandlerByPattern(channel);
    if (!handler) return publish({ err: NO_MESSAGE_HANDLER, isDisposed: true });
    return this.onProcessingStartHook(this.transportId, context, async () => {
      const answer: unknown = await handler(packet.data, context);
      if (isObservable(answer)) this.send(answer, publish);
      else publish({ response: answer, isDisposed: true });
    });
  }

  private async answerDirectly(
    subject: string,
    call: (payload: unknown) => unknown,
    data: unknown,
    context: NatsContext,
    publish: (response: Omit<ReplyPacket, 'id'>) => void,
  ): Promise<void> {
    const schema: TSchema | undefined = RPC_SCHEMAS[subject]?.request;
    const refusal = schema ? this.contractRefusal(schema, data) : null;
    if (refusal) {
      this.send(throwError(() => refusal.payload), publish);
      return;
    }
    let answer: unknown;
    try {
      answer = await call(data);
    } catch (error) {
      this.send(rpcFailures.catch(error, new ExecutionContextHost([data, context])), publish);
      return;
    }
    publish({ response: answer, isDisposed: true });
  }

  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: Omit<ReplyPacket, 'id'>) => void {
    if (!natsMsg.reply) return () => undefined;
    const reply = natsMsg.reply;
    const handling = this.handling.get(natsMsg);
    return (response: Omit<ReplyPacket, 'id'>) => {
      const sent = this.sendReply(reply, this.checkedReply(natsMsg.subject, { ...response, id }));
      this.onProcessingEndHook?.(this.transportId, ctx);
      if (handling && (sent.isDisposed || sent.err !== undefined)) this.logHandled(handling, statusOf(sent));
    };
  }

  /** The reply, or when replies are checked and it breaks its subject's reply schema, a logged 500 instead. */
  private checkedReply(subject: string, packet: ReplyPacket): ReplyPacket {
    const schema = RPC_SCHEMAS[subject]?.response;
    if (!this.limits.checkReplies || !schema || packet.response === undefined) return packet;
    const checked = validate(schema, packet.response);
    if (checked.ok) return packet;
    this.log.error(`the reply to ${subject} breaks its contract: ${AppgenError.validation(checked.errors).body.message}`);
    return errorPacket(packet.id, 'internal_error', `The reply to ${subject} broke its contract`);
  }

  /** Sends a reply, in parts when it is larger than one message; returns what was really sent. */
  private sendReply(reply: string, packet: ReplyPacket): ReplyPacket {
    try {
      this.publishReply(reply, replyCodec.encode(packet));
      return packet;
    } catch (error) {
      const fallback =
        error instanceof ReplyTooLarge
          ? errorPacket(packet.id, 'result_too_large', error.message)
          : errorPacket(packet.id, 'internal_error', 'The service could not send its answer; try again shortly');
      if (!(error instanceof ReplyTooLarge)) {
        this.log.error(`a reply to ${reply} could not be sent: ${error instanceof Error ? error.message : String(error)}`);
      }
      try {
        this.publishReply(reply, replyCodec.encode(fallback));
      } catch (again) {
        this.log.error(`not even an error reply could be sent to ${reply}: ${again instanceof Error ? again.message : String(again)}`);
      }
      return fallback;
    }
  }

  private publishReply(reply: string, data: Uint8Array): void {
    const connection = this.unwrap<NatsConnection>();
    if (data.length > this.limits.maxReplyBytes) {
      throw new ReplyTooLarge(
        `The answer is ${formatBytes(data.length)}, more than the ${formatBytes(this.limits.maxReplyBytes)} one answer may hold; ask for less (a smaller page, or a filter)`,
      );
    }
    const budget = messageBudget(connection);
    if (data.length <= budget) {
      connection.publish(reply, data);
      return;
    }
    const parts = splitIntoParts(data, budget);
    parts.forEach((part, i) => {
      const headers = natsHeaders();
      headers.set(REPLY_PART_HEADER, formatPartMarker({ index: i + 1, count: parts.length }));
      connection.publish(reply, part, { headers });
    });
  }

  private logHandled(handling: Handling, status: number | 'event'): void {
    const seconds = (performance.now() - handling.startedAt) / 1000;
    rpcServerDuration.observe({ subject: handling.subject, status: String(status) }, seconds);
    handling.span.span.setAttribute('rpc.status', String(status));
    endSpan(handling.span, typeof status === 'number' && status >= 500 ? `status ${status}` : undefined);
    const ms = (seconds * 1000).toFixed(1);
    const account = handling.context.accountId === undefined ? '-' : String(handling.context.accountId);
    // The reply may go out after the handler's context ended: log in the message's own.
    runInRequestContext(handling.context, () =>
      this.accessLog.log(`${handling.subject} ${status} ${ms}ms account=${account}`, { subject: handling.subject, status, duration_ms: Number(ms) }),
    );
  }

  override async close(): Promise<void> {
    for (const subscription of this.ownSubscriptions.splice(0)) subscription.unsubscribe();
    if (this.inFlight > 0) {
      this.log.log(`waiting for ${this.inFlight} in-flight message(s) before closing`);
      const idle = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, this.limits.drainTimeoutMs).unref());
      await Promise.race([idle, timeout]);
    }
    // Replies are published on the next tick after a handler resolves; let them go out first.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await this.unwrap<NatsConnection>().flush();
    } catch {
      // not connected: nothing left to flush
    }
    await super.close();
  }
}

/** The HTTP-like status a reply packet stands for: 200, or the error's status (500 for an error Nest made). */
function statusOf(packet: ReplyPacket): number {
  if (packet.err === undefined || packet.err === null) return 200;
  return isServiceErrorPayload(packet.err) ? packet.err.status : 500;
}
