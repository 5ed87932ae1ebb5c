import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { AckPolicy, type NatsConnection } from 'nats';
import { EVENTS_STREAM } from '@appgen/contracts';
import { connectNats } from '@appgen/service-kit';
import { startNatsCluster, startNatsServer, until, type NatsClusterHandle, type NatsServerHandle } from '@appgen/testing';
import { ensureEventsStream } from './events-stream';

jest.setTimeout(60_000);

async function replicasOf(connection: NatsConnection): Promise<{ configured: number; peers: number }> {
  const info = await (await connection.jetstreamManager()).streams.info(EVENTS_STREAM);
  // The leader plus the replicas it lists: the servers actually keeping the stream.
  return { configured: info.config.num_replicas, peers: 1 + (info.cluster?.replicas?.length ?? 0) };
}

async function publishEvent(connection: NatsConnection): Promise<number> {
  const ack = await connection.jetstream().publish('events.app.created', new TextEncoder().encode('{}'), { msgID: randomUUID() });
  return ack.seq;
}

async function deleteStream(connection: NatsConnection): Promise<void> {
  const manager = await connection.jetstreamManager();
  await manager.streams.delete(EVENTS_STREAM).catch(() => undefined);
}

/** The error lines ensureEventsStream logs while `run` runs. */
async function errorsLoggedBy(run: () => Promise<void>): Promise<string[]> {
  const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  try {
    await run();
    return error.mock.calls.map(([message]) => String(message));
  } finally {
    error.mockRestore();
  }
}

describe('ensureEventsStream on a three-server JetStream cluster', () => {
  let cluster: NatsClusterHandle;
  let connection: NatsConnection;

  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    connection = await connectNats(cluster.urls[0] ?? '', 'events-stream-cluster-it');
  });

  afterEach(async () => {
    await deleteStream(connection);
  });

  afterAll(async () => {
    await connection?.drain();
    await cluster?.stop();
  });

  it('creates EVENTS on three servers when three replicas are asked', async () => {
    const errors = await errorsLoggedBy(() => ensureEventsStream(connection, { replicas: 3 }));
    expect(errors).toEqual([]);
    expect(await until('replicas', () => replicasOf(connection), (r) => r.peers === 3, 15_000)).toEqual({ configured: 3, peers: 3 });
    expect(await publishEvent(connection)).toBe(1);
  });

  it('raises an existing one-replica stream to three, keeping its events and its durable consumers', async () => {
    await ensureEventsStream(connection);
    expect(await replicasOf(connection)).toEqual({ configured: 1, peers: 1 });
    await publishEvent(connection);
    const manager = await connection.jetstreamManager();
    await manager.consumers.add(EVENTS_STREAM, { durable_name: 'it-follows', ack_policy: AckPolicy.Explicit });

    const errors = await errorsLoggedBy(() => ensureEventsStream(connection, { replicas: 3 }));

    expect(errors).toEqual([]);
    expect(await until('replicas', () => replicasOf(connection), (r) => r.peers === 3, 15_000)).toEqual({ configured: 3, peers: 3 });
    const consumer = await until(
      'consumer replicas',
      () => manager.consumers.info(EVENTS_STREAM, 'it-follows'),
      (info) => info.cluster?.replicas?.length === 2,
      15_000,
    );
    expect(consumer.num_pending).toBe(1);
    expect(await publishEvent(connection)).toBe(2);
  });

  it('never lowers: a three-replica stream stays at three when one is asked', async () => {
    await ensureEventsStream(connection, { replicas: 3 });
    await ensureEventsStream(connection, { replicas: 1 });
    await ensureEventsStream(connection);
    expect(await until('replicas', () => replicasOf(connection), (r) => r.peers === 3, 15_000)).toEqual({ configured: 3, peers: 3 });
  });

  it('logs an error naming the setting when more replicas are asked than there are servers, and events still flow', async () => {
    await ensureEventsStream(connection, { replicas: 3 });
    const errors = await errorsLoggedBy(() => ensureEventsStream(connection, { replicas: 5 }));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^EVENTS_STREAM_REPLICAS is 5 but stream EVENTS has 3 replica\(s\): NATS answered "[^"]+"/);
    expect((await replicasOf(connection)).configured).toBe(3);
    expect(await publishEvent(connection)).toBe(1);
  });

  it('creates a missing stream with one replica, logging why, when the cluster cannot keep as many as asked', async () => {
    const errors = await errorsLoggedBy(() => ensureEventsStream(connection, { replicas: 5 }));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^EVENTS_STREAM_REPLICAS is 5 but stream EVENTS has 1 replica\(s\): NATS answered "[^"]+"/);
    expect((await replicasOf(connection)).configured).toBe(1);
    expect(await publishEvent(connection)).toBe(1);
  });
});

describe('ensureEventsStream on a single NATS server', () => {
  let nats: NatsServerHandle;
  let connection: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer();
    connection = await connectNats(nats.url, 'events-stream-single-it');
  });

  afterEach(async () => {
    await deleteStream(connection);
  });

  afterAll(async () => {
    await connection?.drain();
    await nats?.stop();
  });

  it('creates EVENTS with one replica when three are asked, logs the error with NATS answer, and publishing works', async () => {
    const errors = await errorsLoggedBy(() => ensureEventsStream(connection, { replicas: 3 }));
    expect(errors).toEqual([
      expect.stringMatching(/^EVENTS_STREAM_REPLICAS is 3 but stream EVENTS has 1 replica\(s\): NATS answered "replicas > 1 not supported in non-clustered mode"\. Events still flow/),
    ]);
    expect((await replicasOf(connection)).configured).toBe(1);
    expect(await publishEvent(connection)).toBe(1);
  });

  it('leaves an existing one-replica stream as it is when three are asked, logging the error, and publishing works', async () => {
    await ensureEventsStream(connection);
    expect(await publishEvent(connection)).toBe(1);
    const errors = await errorsLoggedBy(() => ensureEventsStream(connection, { replicas: 3 }));
    expect(errors).toEqual([
      expect.stringMatching(/^EVENTS_STREAM_REPLICAS is 3 but stream EVENTS has 1 replica\(s\): the NATS server is not in a JetStream cluster/),
    ]);
    expect((await replicasOf(connection)).configured).toBe(1);
    expect(await publishEvent(connection)).toBe(2);
  });
});
