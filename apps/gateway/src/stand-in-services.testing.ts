import { randomBytes } from 'node:crypto';
// Support for the gateway's integration specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import request from 'supertest';
import {
  SCOPE_GRANTS,
  UsersSubjects,
  type ApiKeyScope,
  type AppSummary,
  type Caller,
  type MessageMap,
  type MessageSubject,
  type RpcSubject,
  type ServiceErrorPayload,
} from '@appgen/contracts';
import { createHttpAdapter } from '@appgen/service-kit';
import { startNatsServer, type NatsServerHandle } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './config/gateway.config';
import { configureGateway } from './http/configure-gateway';

export type Reply = { response: unknown } | { err: ServiceErrorPayload };
/** An answer, at once or once the promise settles (a service that takes its time). */
export type Handler = (data: Record<string, unknown>) => Reply | Promise<Reply>;

/** One API key per scope, each resolved by the stand-in users-service to a caller of account 7. */
export const KEYS: Readonly<Record<ApiKeyScope, string>> = {
  read_only: `svc_${'r'.repeat(40)}`,
  read_write: `svc_${'w'.repeat(40)}`,
  full_access: `svc_${'f'.repeat(40)}`,
};

/** An app as apps-service describes it, for specs that stand in for it. */
export const APP: AppSummary = {
  id: 'k3x9q2m7w1ab',
  name: 'Recipe Box',
  description: '',
  status: 'generating',
  visibility: 'public',
  ai_model: 'blueprint',
  preview_url: null,
  production_url: null,
  published_at: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};
export const URLS = { editor: 'http://localhost:3000/account/apps/k3x9q2m7w1ab/editor', preview: null, production: null };
/** apps-service's answer for an app that is not the caller's. */
export const notFound = (id: string): Reply => ({ err: { status: 404, body: { error: 'not_found', message: `App ${id} was not found` } } });

export function callerOf(scope: ApiKeyScope): Caller {
  return { accountId: 7, email: 'ada@example.com', plan: 'pro', keyId: 1, scope, grants: [...SCOPE_GRANTS[scope]] };
}

export interface GatewayWithStandIns {
  /** supertest against the gateway, booted as main.ts boots it (adapter, pipes, filters), in this process */
  api(): ReturnType<typeof request>;
  /** headers presenting the key of `scope` */
  as(scope: ApiKeyScope): Record<string, string>;
  /** how the stand-in answers `subject` from now on; unanswered subjects reply 500 naming themselves */
  answer(subject: RpcSubject, handler: Handler): void;
  /** payloads the gateway sent on `subject` since the last `forget()` */
  sent(subject: RpcSubject): Array<Record<string, unknown>>;
  /**
   * Publishes a broadcast (an event no one replies to) as the services do, in Nest's wire format; resolves once
   * the NATS server has taken it. The publish itself happens at once, before anything the caller sends next.
   */
  broadcast<S extends MessageSubject>(subject: S, payload: MessageMap[S]): Promise<void>;
  /** every subject the gateway asked, in order, since the last `forget()` */
  asked(): RpcSubject[];
  forget(): void;
  close(): Promise<void>;
}

/**
 * The gateway on a private NATS where responders stand in for the services behind `subjects` (and for
 * users-service's key resolution), answering in the services' wire format: specs pin what the gateway sends
 * and how it answers, whatever state the real services are in. `env`: gateway variables over the defaults.
 */
export async function startGatewayWithStandIns(subjects: readonly RpcSubject[], env: Record<string, string> = {}): Promise<GatewayWithStandIns> {
  const codec = JSONCodec<unknown>();
  const nats: NatsServerHandle = await startNatsServer();
  const bus: NatsConnection = await connect({ servers: nats.url });
  const handlers = new Map<string, Handler>();
  const received: Array<{ subject: RpcSubject; data: Record<string, unknown> }> = [];

  const byHash = new Map(Object.entries(KEYS).map(([scope, key]) => [createHash('sha256').update(key).digest('hex'), callerOf(scope as ApiKeyScope)]));
  handlers.set(UsersSubjects.resolveApiKey, (data) => {
    const caller = byHash.get(String(data['secret_hash']));
    return caller ? { response: { caller, expires_at: null } } : { err: { status: 401, body: { error: 'unauthorized', message: 'Invalid API key' } } };
  });
  for (const subject of [UsersSubjects.resolveApiKey, ...subjects]) {
    bus.subscribe(subject, {
      callback: (_error, message) => {
        const { data } = codec.decode(message.data) as { data: Record<string, unknown> };
        received.push({ subject, data });
        const handler = handlers.get(subject);
        const reply = handler ? handler(data) : { err: { status: 500, body: { error: 'internal_error', message: `no test answer for ${subject}` } } };
        void Promise.resolve(reply).then((settled) => message.respond(codec.encode({ ...settled, isDisposed: true })));
      },
    });
  }
  await bus.flush();

  const config = loadGatewayConfig({ LOG_LEVEL: 'warn', METRICS_PORT: '0', NATS_URL: nats.url, SECRETS_KEY: randomBytes(32).toString('base64'), ...env });
  const gateway = await NestFactory.create<NestFastifyApplication>(AppModule.forConfig(config), createHttpAdapter(), {
    logger: ['error', 'warn'],
    abortOnError: false,
  });
  await configureGateway(gateway, config, { docsUi: false });
  await gateway.getHttpAdapter().getInstance().ready();

  return {
    api: () => request(gateway.getHttpServer()),
    as: (scope) => ({ 'x-api-key': KEYS[scope] }),
    answer: (subject, handler) => void handlers.set(subject, handler),
    sent: (subject) => received.filter((r) => r.subject === subject).map((r) => r.data),
    asked: () => received.map((r) => r.subject),
    broadcast: (subject, payload) => {
      bus.publish(subject, codec.encode({ pattern: subject, data: payload }));
      return bus.flush();
    },
    forget: () => void (received.length = 0),
    close: async () => {
      await gateway.close();
      await bus.drain();
      await nats.stop();
    },
  };
}
