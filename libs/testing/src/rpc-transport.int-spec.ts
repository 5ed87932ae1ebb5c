import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { connect } from 'nats';
import { AppsSubjects, EdgeEvents, type ListFilesRequest, type ListFilesResponse } from '@appgen/contracts';
import { currentRequestContext, currentTraceparent, DrainingNatsServer, parseTraceparent, RpcClient, runInRequestContext, AppgenError } from '@appgen/service-kit';
import { startNatsServer } from './nats-server';

// A small max_payload makes "larger than one message" cheap to produce; the code reads it from the server.
const MAX_PAYLOAD = 64 * 1024;
const MAX_REPLY_BYTES = 512 * 1024;

// The transport of @appgen/service-kit as every service uses it; here rather than in service-kit because it
// runs on this library's private nats-server, and service-kit may not depend on its own test helpers.

/**
 * Stands in for apps-service on a private NATS: answers a file listing whose one file holds as many bytes as
 * the request's `path` says, and names the request id it was handled under.
 */
@Controller()
class SizedReplies {
  @MessagePattern(AppsSubjects.listFiles)
  list(@Payload() request: ListFilesRequest): ListFilesResponse {
    const bytes = Number(request.path);
    // The request id and the span this handler runs under travel back in the reply, for the tests to see.
    const file = { path: currentRequestContext()?.requestId ?? 'none', content: 'é'.repeat(bytes / 2), size: bytes, updated_at: currentTraceparent() ?? '' };
    return { app_id: request.id, files: [file], count: 1 };
  }
}

@Module({ controllers: [SizedReplies] })
class SizedRepliesModule {}

const caller = { accountId: 1, email: 'a@example.com', plan: 'free' as const, keyId: null, scope: 'full_access' as const, grants: [] };

/** SizedReplies on a private NATS behind DrainingNatsServer, `prepare`d before it listens, and a client of it. */
async function startSizedReplies(natsOptions: Parameters<typeof startNatsServer>[0], prepare?: (server: DrainingNatsServer, service: INestMicroservice) => void) {
  const nats = await startNatsServer(natsOptions);
  const server = new DrainingNatsServer({ servers: nats.url, queue: 'apps-service' }, { drainTimeoutMs: 1000, maxReplyBytes: MAX_REPLY_BYTES });
  const service = await NestFactory.createMicroservice(SizedRepliesModule, { strategy: server, logger: ['error'] });
  prepare?.(server, service);
  await service.listen();
  const connection = await connect({ servers: nats.url });
  const rpc = new RpcClient(connection, 5000);
  return {
    rpc,
    async stop() {
      rpc.close();
      await connection.close();
      await service.close();
      await nats.stop();
    },
  };
}

describe('replies larger than one NATS message', () => {
  let running: Awaited<ReturnType<typeof startSizedReplies>>;
  let rpc: RpcClient;

  const listing = (bytes: number) => rpc.request(AppsSubjects.listFiles, { caller, id: 'app1', path: String(bytes) });

  beforeAll(async () => {
    running = await startSizedReplies({ maxPayload: MAX_PAYLOAD });
    rpc = running.rpc;
  });

  afterAll(() => running?.stop());

  it('answers a small request in one message, as before', async () => {
    const reply = await listing(100);
    expect(reply.files[0]?.content).toHaveLength(50);
  });

  it('delivers a reply several times the server max_payload whole', async () => {
    const bytes = 6 * MAX_PAYLOAD;
    const reply = await listing(bytes);
    expect(Buffer.byteLength(reply.files[0]?.content ?? '', 'utf8')).toBe(bytes);
    expect(reply.files[0]?.content).toBe('é'.repeat(bytes / 2));
  });

  it('delivers concurrent large replies to their own requesters', async () => {
    const sizes = [3, 5, 2, 7].map((n) => n * MAX_PAYLOAD + n * 2);
    const replies = await Promise.all(sizes.map((bytes) => listing(bytes)));
    expect(replies.map((reply) => Buffer.byteLength(reply.files[0]?.content ?? '', 'utf8'))).toEqual(sizes);
  });

  it('answers a reply over the largest allowed with result_too_large, and goes on answering', async () => {
    await expect(listing(MAX_REPLY_BYTES + 2)).rejects.toMatchObject({
      payload: { status: 422, body: { error: 'result_too_large', message: expect.stringContaining('ask for less') } },
    });
    await expect(listing(10)).resolves.toMatchObject({ count: 1 });
  });

  it('refuses a request too large for one message with 413 before sending it', async () => {
    const error: unknown = await rpc.request(AppsSubjects.listFiles, { caller, id: 'app1', path: 'x'.repeat(MAX_PAYLOAD) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppgenError);
    expect((error as AppgenError).payload).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
    await expect(listing(10)).resolves.toMatchObject({ count: 1 });
  });

  it('carries the request id of the request being served to the service it asks', async () => {
    const reply = await runInRequestContext({ requestId: 'req-from-the-gateway' }, () => listing(10));
    expect(reply.files[0]?.path).toBe('req-from-the-gateway');
  });

  it('runs the handler in a child span of the trace the caller works in, carried by the message headers', async () => {
    const callerTrace = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true };
    const reply = await runInRequestContext({ requestId: 'traced', trace: callerTrace }, () => listing(10));
    const handlerTrace = parseTraceparent(reply.files[0]?.updated_at);
    expect(handlerTrace).toMatchObject({ traceId: callerTrace.traceId, sampled: true });
    expect(handlerTrace?.spanId).not.toBe(callerTrace.spanId);
  });

  it('starts a trace of its own for a caller that works outside any trace', async () => {
    const first = parseTraceparent((await listing(10)).files[0]?.updated_at);
    const second = parseTraceparent((await listing(10)).files[0]?.updated_at);
    expect(first?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.traceId).not.toBe(first?.traceId);
  });

  it('answers 503 when no service listens on the subject', async () => {
    await expect(rpc.request(AppsSubjects.readFile, { caller, id: 'app1', path: 'a' })).rejects.toMatchObject({
      payload: { status: 503, body: { error: 'service_unavailable' } },
    });
  });
});

describe('a handler the server calls without Nest\'s pipeline (serveDirectly)', () => {
  let running: Awaited<ReturnType<typeof startSizedReplies>>;
  let rpc: RpcClient;

  beforeAll(async () => {
    running = await startSizedReplies({}, (server, service) => {
      const handler = service.get(SizedReplies);
      server.serveDirectly(AppsSubjects.listFiles, (payload) => {
        const request = payload as ListFilesRequest;
        if (request.path === 'missing') throw AppgenError.notFound('File', 'missing');
        if (request.path === 'broken') throw new Error('a bug');
        return handler.list(request);
      });
    });
    rpc = running.rpc;
  });

  afterAll(() => running?.stop());

  it('answers as through Nest, in the request context and span the message carries', async () => {
    const callerTrace = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true };
    const reply = await runInRequestContext({ requestId: 'direct-1', trace: callerTrace }, () => rpc.request(AppsSubjects.listFiles, { caller, id: 'app1', path: '10' }));
    expect(reply).toMatchObject({ app_id: 'app1', count: 1, files: [{ path: 'direct-1', size: 10 }] });
    expect(parseTraceparent(reply.files[0]?.updated_at)).toMatchObject({ traceId: callerTrace.traceId });
  });

  it("answers a handler's AppgenError with its status and body, and any other failure with internal_error", async () => {
    await expect(rpc.request(AppsSubjects.listFiles, { caller, id: 'app1', path: 'missing' })).rejects.toMatchObject({
      payload: { status: 404, body: { error: 'not_found', message: 'File missing was not found' } },
    });
    await expect(rpc.request(AppsSubjects.listFiles, { caller, id: 'app1', path: 'broken' })).rejects.toMatchObject({
      payload: { status: 500, body: { error: 'internal_error' } },
    });
  });

  it('refuses a request that breaks its contract with 422 naming the field, without calling the handler', async () => {
    // What another service might send: the contract is checked on arrival, not trusted.
    const broken: ListFilesRequest = Object.assign({ id: 'app1', path: 'missing' }, { caller: Object.assign({}, caller, { plan: 'gold' as 'free' }) });
    await expect(rpc.request(AppsSubjects.listFiles, broken)).rejects.toMatchObject({
      payload: { status: 422, body: { error: 'validation_failed', errors: [expect.objectContaining({ field: 'caller.plan' })] } },
    });
    await expect(rpc.request(AppsSubjects.listFiles, { caller, id: 'app1', path: 'a\u0000b' })).rejects.toMatchObject({
      payload: { status: 422, body: { error: 'validation_failed', errors: [{ field: 'path', message: 'must not contain NUL characters' }] } },
    });
  });
});

describe('announcements', () => {
  it('reach a subscriber before the announcer goes on, and never fail the change they follow', async () => {
    const nats = await startNatsServer();
    const listener = await connect({ servers: nats.url });
    const announcer = await connect({ servers: nats.url });
    const heard: string[] = [];
    listener.subscribe(EdgeEvents.appChanged, { callback: (_error, message) => heard.push(message.string()) });
    await listener.flush();
    const rpc = new RpcClient(announcer, 5000);
    try {
      await expect(rpc.announce(EdgeEvents.appChanged, { app_id: 'app1' })).resolves.toBe(true);
      // Taken by the server before announce resolved: a PING of the listener's comes back after it.
      await listener.flush();
      expect(heard.map((raw) => JSON.parse(raw).data)).toEqual([{ app_id: 'app1' }]);
      await announcer.close();
      await expect(rpc.announce(EdgeEvents.appChanged, { app_id: 'app1' })).resolves.toBe(false);
    } finally {
      rpc.close();
      await listener.close();
      await nats.stop();
    }
  });
});
