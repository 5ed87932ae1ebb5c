import { randomBytes } from 'node:crypto';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { PLAN_RATE_LIMITS, UsersEvents, type RecordApiKeyUsageMessage } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { startNatsServer, testCaller, type NatsServerHandle } from '@appgen/testing';
import { loadGatewayConfig } from '../config/gateway.config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { KeyUsageRecorder } from './key-usage.recorder';

/**
 * What the request path keeps off the hot path must still be exact: the shared rate-limit counter under many
 * requests at once, and API key usage counted in memory, which must reach users-service at shutdown.
 */

jest.setTimeout(30_000);

const config = (env: Record<string, string> = {}) =>
  loadGatewayConfig({ LOG_LEVEL: 'warn', SECRETS_KEY: randomBytes(32).toString('base64'), ...env });

describe('the rate limit under concurrent requests (Redis, auto-pipelined)', () => {
  let limits: RateLimitService;

  beforeAll(async () => {
    limits = new RateLimitService(config({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `appgen_it_${Date.now().toString(36)}` }));
    await limits.onModuleInit();
  });

  afterAll(() => limits?.onApplicationShutdown());

  it("lets exactly the plan's requests through a minute, each seeing its own remaining count, and refuses the rest", async () => {
    const caller = testCaller(Number(`9${Date.now() % 1_000_000}`), { plan: 'free' });
    const limit = PLAN_RATE_LIMITS.free;
    const decisions = await Promise.all(Array.from({ length: limit + 40 }, () => limits.forCaller(caller)));
    const allowed = decisions.filter((decision) => decision.allowed);
    expect(allowed).toHaveLength(limit);
    expect(allowed.map((decision) => decision.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: limit }, (_, i) => i));
    expect(decisions.filter((decision) => !decision.allowed)).toHaveLength(40);
  });
});

describe('API key usage, counted in memory', () => {
  let nats: NatsServerHandle;
  let connection: NatsConnection;
  /** users-service's side of the bus */
  let listener: NatsConnection;
  const reported: RecordApiKeyUsageMessage[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    connection = await connect({ servers: nats.url });
    listener = await connect({ servers: nats.url });
    const codec = JSONCodec<{ data: RecordApiKeyUsageMessage }>();
    listener.subscribe(UsersEvents.recordApiKeyUsage, { callback: (_error, message) => reported.push(codec.decode(message.data).data) });
    await listener.flush();
  });

  afterAll(async () => {
    await listener?.drain();
    await connection?.drain();
    await nats?.stop();
  });

  /** Every usage message sent so far has reached the listener: the server took them, then answered its PING. */
  const delivered = async () => {
    await connection.flush();
    await listener.flush();
  };

  it('reaches users-service at shutdown, every request counted, none twice', async () => {
    const recorder = new KeyUsageRecorder(new RpcClient(connection, 5000));
    recorder.onApplicationBootstrap();
    const at = Date.parse('2030-01-01T00:00:00.000Z');
    for (let i = 0; i < 250; i += 1) recorder.record(1, at + i);
    for (let i = 0; i < 3; i += 1) recorder.record(2, at);
    // Shutdown comes before the once-a-second flush: nothing may be left behind.
    recorder.beforeApplicationShutdown();
    await delivered();
    // A second shutdown (or a flush after it) has nothing more to send.
    recorder.beforeApplicationShutdown();
    await delivered();
    expect(reported).toEqual([
      {
        usages: [
          { key_id: 1, count: 250, last_used_at: new Date(at + 249).toISOString() },
          { key_id: 2, count: 3, last_used_at: new Date(at).toISOString() },
        ],
      },
    ]);
  });
});
