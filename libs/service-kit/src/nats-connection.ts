import { connect, type NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** One client connection per process for requests, events and JetStream; reconnects forever. */
export function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}
