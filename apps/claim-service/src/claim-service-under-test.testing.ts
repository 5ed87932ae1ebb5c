// Support for claim-service's integration specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import type { RpcSubject, ServiceErrorPayload } from '@appgen/contracts';
import { startServiceApp, startServiceUnderTest, type ServiceUnderTest } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadClaimConfig } from './config/claim.config';

export type StandInReply = { response: unknown } | { err: ServiceErrorPayload };
export type StandInHandler = (data: Record<string, unknown>) => StandInReply | Promise<StandInReply>;

export interface ClaimServiceUnderTest extends ServiceUnderTest {
  /** how the stand-in of another service answers `subject` from now on (unanswered: 500 naming the subject) */
  answer(subject: RpcSubject, handler: StandInHandler): void;
  /** the payloads claim-service sent on `subject` */
  sent(subject: RpcSubject): Array<Record<string, unknown>>;
  /** another claim-service process that the spec stops itself, as a crash or a restart stops one */
  startProcess(env?: NodeJS.ProcessEnv): Promise<INestMicroservice>;
}

/**
 * claim-service on a private NATS and a scratch database, with stand-ins answering for the services it calls
 * (apps-service, generation-service, users-service) in their wire format, so a spec decides what they say.
 */
export async function startClaimServiceUnderTest(databasePrefix: string, subjects: readonly RpcSubject[], env: NodeJS.ProcessEnv = {}): Promise<ClaimServiceUnderTest> {
  const handlers = new Map<string, StandInHandler>();
  const received: Array<{ subject: string; data: Record<string, unknown> }> = [];
  const module = (config: NodeJS.ProcessEnv) => AppModule.forConfig(loadClaimConfig(config));
  const service = await startServiceUnderTest({ name: 'claim-service', schema: 'claim', databasePrefix, env, rpcTimeoutMs: 10_000, module });
  standIn(service.connection, subjects, handlers, received);
  await service.connection.flush();
  const baseEnv = { DATABASE_URL: databaseUrlOf(service), NATS_URL: `nats://${service.connection.getServer()}`, LOG_LEVEL: 'warn', ...env };
  return {
    ...service,
    answer: (subject, handler) => void handlers.set(subject, handler),
    sent: (subject) => received.filter((each) => each.subject === subject).map((each) => each.data),
    startProcess: (extra = {}) => startServiceApp('claim-service', module({ ...baseEnv, ...extra }), baseEnv.NATS_URL),
  };
}

function standIn(bus: NatsConnection, subjects: readonly RpcSubject[], handlers: Map<string, StandInHandler>, received: Array<{ subject: string; data: Record<string, unknown> }>): void {
  const codec = JSONCodec<unknown>();
  for (const subject of subjects) {
    bus.subscribe(subject, {
      callback: (_error, message) => {
        const { data } = codec.decode(message.data) as { data: Record<string, unknown> };
        received.push({ subject, data });
        const handler = handlers.get(subject);
        void Promise.resolve(handler ? handler(data) : { err: { status: 500, body: { error: 'internal_error', message: `no test answer for ${subject}` } } }).then(
          (reply) => message.respond(codec.encode({ ...reply, isDisposed: true })),
        );
      },
    });
  }
}

/** The scratch database's URL, as the spec's own client reached it. */
function databaseUrlOf(service: ServiceUnderTest): string {
  const { user, host, port, database } = service.sql;
  return `postgres://${user ?? 'postgres'}@${host}:${port}/${database ?? ''}`;
}
