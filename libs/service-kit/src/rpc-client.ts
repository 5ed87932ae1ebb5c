import { randomUUID } from 'node:crypto';
import { ErrorCode as NatsErrorCode, JSONCodec, type NatsConnection, type NatsError } from 'nats';
import {
  isServiceErrorPayload,
  type MessageMap,
  type MessageSubject,
  type RpcRequest,
  type RpcResponse,
  type RpcSubject,
} from '@appgen/contracts';
import { ServiceException } from './service-exception';

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

function isNatsError(error: unknown): error is NatsError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Typed request/reply over core NATS, speaking the Nest microservices wire format so handlers stay
 * plain `@MessagePattern`s. Unlike Nest's ClientProxy it tells "nobody is listening" (503) apart
 * from "nobody answered in time" (504), and needs no shared reply subscription.
 */
export class RpcClient {
  constructor(
    private readonly connection: NatsConnection,
    private readonly timeoutMs: number,
  ) {}

  async request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>, timeoutMs = this.timeoutMs): Promise<RpcResponse<S>> {
    let reply: NestReply;
    try {
      const message = await this.connection.request(
        subject,
        codec.encode({ pattern: subject, data: payload, id: randomUUID() }),
        { timeout: timeoutMs },
      );
      reply = codec.decode(message.data) as NestReply;
    } catch (error) {
      if (isNatsError(error) && error.code === NatsErrorCode.NoResponders) {
        throw ServiceException.of('service_unavailable', `The ${serviceOf(subject)} is unavailable right now; try again shortly`);
      }
      if (isNatsError(error) && error.code === NatsErrorCode.Timeout) {
        throw ServiceException.of('upstream_timeout', `The ${serviceOf(subject)} did not answer in time; try again shortly`);
      }
      throw error;
    }
    if (reply.err !== undefined && reply.err !== null) {
      if (isServiceErrorPayload(reply.err)) {
        throw ServiceException.fromPayload(reply.err);
      }
      throw ServiceException.of('internal_error', 'An internal error occurred');
    }
    return reply.response as RpcResponse<S>;
  }

  /** Fire-and-forget: delivered to one member of the subject's queue group, or to every subscriber of a broadcast. */
  emit<S extends MessageSubject>(subject: S, payload: MessageMap[S]): void {
    this.connection.publish(subject, codec.encode({ pattern: subject, data: payload }));
  }
}
