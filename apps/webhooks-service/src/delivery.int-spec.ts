import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { WebhooksSubjects, type DomainEvent } from '@appgen/contracts';
import { rpcFailure, testCaller, verifyWebhook } from '@appgen/testing';
import { OTHER_ACCOUNT, caller, page, shutDown, rpc, sql, scripts, receiverUrl, boot, envelope, publish, eventually, at, subscribe, useWebhooksServiceUnderTest } from './webhooks-service-under-test.testing';

useWebhooksServiceUnderTest();

describe('delivery', () => {
  it('delivers an event signed and verifiable, with the documented headers and the exact bytes', async () => {
    const webhook = await subscribe('/signed');
    const raw = await publish(envelope('app.created'));
    const [delivery] = await eventually(() => at('/signed'), (list) => list.length === 1);
    expect(delivery?.body).toBe(raw);
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.headers['user-agent']).toBe('appgen-webhooks/1');
    expect(delivery?.headers['x-service-event']).toBe('app.created');
    const signature = String(delivery?.headers['x-service-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signature.startsWith(`t=${String(delivery?.headers['x-service-timestamp'])},`)).toBe(true);
    expect(verifyWebhook(webhook.secret ?? '', signature, delivery?.body ?? '')).toBe(true);

    const history = await eventually(
      () => rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page }),
      (result) => result.deliveries[0]?.status === 'succeeded',
    );
    expect(history.deliveries[0]).toMatchObject({ id: Number(delivery?.headers['x-service-delivery']), event: 'app.created', attempts: 1, response_status: 200, next_attempt_at: null });
  });

  it('retries a 500 with the same delivery id and body until a 200', async () => {
    scripts.set('/flaky', [500, 503]);
    const webhook = await subscribe('/flaky');
    await publish(envelope('app.created'));
    const attempts = await eventually(() => at('/flaky'), (list) => list.length === 3);
    expect(new Set(attempts.map((entry) => entry.headers['x-service-delivery'])).size).toBe(1);
    expect(new Set(attempts.map((entry) => entry.body)).size).toBe(1);
    const history = await eventually(
      () => rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page }),
      (result) => result.deliveries[0]?.status === 'succeeded',
    );
    expect(history.deliveries[0]).toMatchObject({ attempts: 3, response_status: 200, error: null });
  });

  it('marks a delivery failed when the schedule is spent', async () => {
    scripts.set('/dead', [500, 500, 500, 500, 500]);
    const webhook = await subscribe('/dead');
    await publish(envelope('app.created'));
    const history = await eventually(
      () => rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page, status: 'failed' }),
      (result) => result.deliveries.length === 1,
    );
    expect(history.deliveries[0]).toMatchObject({ attempts: 4, response_status: 500, next_attempt_at: null, error: 'the receiver answered HTTP 500' });
  });

  it('disables a subscription whose receiver answers 410, which then gets nothing', async () => {
    scripts.set('/gone', [410]);
    const webhook = await subscribe('/gone');
    await publish(envelope('app.created'));
    await eventually(() => rpc.request(WebhooksSubjects.get, { caller, id: webhook.id }), (result) => !result.webhook.enabled);
    await publish(envelope('app.created'));
    await subscribe('/after-gone');
    await publish(envelope('app.created'));
    await eventually(() => at('/after-gone'), (list) => list.length >= 1);
    expect(at('/gone')).toHaveLength(1);
  });

  it('refuses to redeliver to a disabled subscription, and a delivery filter naming no event', async () => {
    scripts.set('/gone-redeliver', [410]);
    const webhook = await subscribe('/gone-redeliver');
    await publish(envelope('app.created'));
    await eventually(() => rpc.request(WebhooksSubjects.get, { caller, id: webhook.id }), (result) => !result.webhook.enabled);
    const [delivery] = (await rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page })).deliveries;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, response_status: 410 });
    const refused = await rpcFailure(rpc.request(WebhooksSubjects.redeliver, { caller, id: webhook.id, delivery_id: delivery?.id ?? 0 }));
    expect(refused).toMatchObject({ status: 409, body: { error: 'conflict', message: expect.stringContaining('is disabled') } });

    const filtered = await rpcFailure(rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page, event: 'app.exploded' }));
    expect(filtered).toMatchObject({ status: 422, body: { errors: [{ field: 'event' }] } });
    const tests = await rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page, event: 'webhook.test' });
    expect(tests.deliveries).toEqual([]);
  });

  it('tries a test send once: a failing receiver gets no retries of it', async () => {
    scripts.set('/test-fails', [500, 500, 500]);
    const webhook = await subscribe('/test-fails');
    const test = await rpc.request(WebhooksSubjects.test, { caller, id: webhook.id });
    expect(test).toMatchObject({ success: false, delivery: { status: 'failed', attempts: 1, response_status: 500, next_attempt_at: null } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(at('/test-fails')).toHaveLength(1);
  });

  it('sends nothing to disabled subscriptions, other accounts, or kinds not listed', async () => {
    const disabled = await subscribe('/disabled');
    await rpc.request(WebhooksSubjects.update, { caller, id: disabled.id, changes: { enabled: false } });
    await subscribe('/other-account', ['app.created'], testCaller(OTHER_ACCOUNT));
    await subscribe('/deleted-only', ['app.deleted']);
    await subscribe('/witness');
    await publish(envelope('app.created'));
    await eventually(() => at('/witness'), (list) => list.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/disabled')).toHaveLength(0);
    expect(at('/other-account')).toHaveLength(0);
    expect(at('/deleted-only')).toHaveLength(0);
  });

  it('disables a subscription whose deliveries have all failed for the configured period', async () => {
    scripts.set('/failing', [500]);
    const webhook = await subscribe('/failing');
    // Stands in for five days of failures: the streak began long ago and nothing succeeded since.
    await sql.query(`UPDATE subscriptions SET failing_since = now() - interval '6 days' WHERE id = $1`, [webhook.id]);
    await publish(envelope('app.created'));
    await eventually(() => rpc.request(WebhooksSubjects.get, { caller, id: webhook.id }), (result) => !result.webhook.enabled);
    const updated = await rpc.request(WebhooksSubjects.update, { caller, id: webhook.id, changes: { enabled: true } });
    expect(updated.webhook.enabled).toBe(true);
    const streak = await sql.query<{ failing_since: Date | null }>('SELECT failing_since FROM subscriptions WHERE id = $1', [webhook.id]);
    expect(streak.rows[0]?.failing_since).toBeNull();
  });

  it('keeps delivering to other receivers while one times out, and retries the timed-out delivery', async () => {
    const slow = await subscribe('/slow-endpoint');
    await subscribe('/fast-endpoint');
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) await publish(envelope('app.created'));
    await eventually(() => at('/fast-endpoint'), (list) => list.length === 20, 10_000);
    // Were the slow receiver allowed all 10 slots, each round of it would stall the fast one for 2 s.
    expect(Date.now() - started).toBeLessThan(1900);
    const history = await eventually(
      () => rpc.request(WebhooksSubjects.listDeliveries, { caller, id: slow.id, ...page }),
      (result) => result.deliveries.length === 20 && result.deliveries.every((d) => d.attempts >= 1),
      20_000,
    );
    expect(history.deliveries[0]).toMatchObject({ status: 'pending', response_status: null, error: 'no response within 2000 ms' });
    await rpc.request(WebhooksSubjects.update, { caller, id: slow.id, changes: { enabled: false } });
  });

  it('signs with a rotated secret and posts to a changed URL from the next delivery on', async () => {
    const webhook = await subscribe('/rotate-before');
    await publish(envelope('app.created'));
    const [before] = await eventually(() => at('/rotate-before'), (list) => list.length === 1);
    expect(verifyWebhook(webhook.secret ?? '', String(before?.headers['x-service-signature']), before?.body ?? '')).toBe(true);

    const secret = 'whsec_rotatedsecret0000000000000000';
    await rpc.request(WebhooksSubjects.update, { caller, id: webhook.id, changes: { secret, url: receiverUrl('/rotate-after') } });
    await publish(envelope('app.created'));
    const [after] = await eventually(() => at('/rotate-after'), (list) => list.length === 1);
    const signature = String(after?.headers['x-service-signature']);
    expect(verifyWebhook(secret, signature, after?.body ?? '')).toBe(true);
    expect(verifyWebhook(webhook.secret ?? '', signature, after?.body ?? '')).toBe(false);
    expect(at('/rotate-before')).toHaveLength(1);
  });

  it('fans a burst out to every subscription once, skipping an event no account can own', async () => {
    const paths = ['/burst-0', '/burst-1', '/burst-2', '/burst-3', '/burst-4'];
    const secrets = new Map<string, string>();
    for (const path of paths) secrets.set(path, (await subscribe(path)).secret ?? '');
    const events = Array.from({ length: 60 }, () => envelope('app.created'));
    // Beyond any account id: it fans out to nothing and must not hold up the events published with it.
    const stray = { ...envelope('app.created'), account_id: 3_000_000_000 };
    await Promise.all([...events.slice(0, 30), stray, ...events.slice(30)].map((event) => publish(event as DomainEvent)));
    const all = await eventually(() => paths.flatMap(at), (list) => list.length >= events.length * paths.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pairs = paths.flatMap(at).map((entry) => `${entry.path} ${(JSON.parse(entry.body) as DomainEvent).id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(events.length * paths.length);
    expect(all.every((entry) => verifyWebhook(secrets.get(entry.path) ?? '', String(entry.headers['x-service-signature']), entry.body))).toBe(true);
    expect(pairs.some((pair) => pair.endsWith(stray.id))).toBe(false);
  });

  it('makes one delivery of a replayed event', async () => {
    await subscribe('/replay');
    const event = envelope('app.created');
    await publish(event);
    await publish(event);
    // Republished under another message id, so JetStream stores it twice and the consumer reads both.
    await publish(event, randomUUID());
    const marker = envelope('app.created');
    await publish(marker);
    await eventually(() => at('/replay'), (list) => list.some((entry) => entry.body.includes(marker.id)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/replay').filter((entry) => entry.body.includes(event.id))).toHaveLength(1);
    expect(at('/replay')).toHaveLength(2);
  });

  it('redelivers the same delivery on request, and sends a signed webhook.test', async () => {
    const webhook = await subscribe('/control');
    await publish(envelope('app.created'));
    const [first] = await eventually(() => at('/control'), (list) => list.length === 1);
    const deliveryId = Number(first?.headers['x-service-delivery']);
    await eventually(() => rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page }), (r) => r.deliveries[0]?.status === 'succeeded');
    const redelivered = await rpc.request(WebhooksSubjects.redeliver, { caller, id: webhook.id, delivery_id: deliveryId });
    expect(redelivered.delivery).toMatchObject({ id: deliveryId, status: 'pending' });
    const both = await eventually(() => at('/control'), (list) => list.length === 2);
    expect(both[1]?.headers['x-service-delivery']).toBe(String(deliveryId));
    expect(both[1]?.body).toBe(first?.body);

    const test = await rpc.request(WebhooksSubjects.test, { caller, id: webhook.id });
    expect(test).toMatchObject({ success: true, delivery: { event: 'webhook.test', status: 'succeeded', attempts: 1, response_status: 200 } });
    const sent = at('/control')[2];
    expect(sent?.headers['x-service-event']).toBe('webhook.test');
    expect(verifyWebhook(webhook.secret ?? '', String(sent?.headers['x-service-signature']), sent?.body ?? '')).toBe(true);
    expect(await rpcFailure(rpc.request(WebhooksSubjects.test, { caller: testCaller(OTHER_ACCOUNT), id: webhook.id }))).toMatchObject({ status: 404 });

    const tests = await rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page, event: 'webhook.test' });
    expect(tests.deliveries.map((d) => d.id)).toEqual([test.delivery.id]);
  });

  it('starts no second send of a delivery whose attempt is in flight when redelivered', async () => {
    const webhook = await subscribe('/held');
    await publish(envelope('app.created'));
    const [first] = await eventually(() => at('/held'), (list) => list.length === 1);
    const deliveryId = Number(first?.headers['x-service-delivery']);
    const redelivered = await rpc.request(WebhooksSubjects.redeliver, { caller, id: webhook.id, delivery_id: deliveryId });
    expect(redelivered.delivery).toMatchObject({ id: deliveryId, status: 'pending' });
    const done = await eventually(
      () => rpc.request(WebhooksSubjects.listDeliveries, { caller, id: webhook.id, ...page }),
      (r) => r.deliveries[0]?.status === 'succeeded',
    );
    expect(done.deliveries[0]).toMatchObject({ id: deliveryId, attempts: 1 });
    // Past a poll of the worker: a second send would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(at('/held')).toHaveLength(1);
  });

  it('loses nothing published while the service is down or restarting mid-stream', async () => {
    await subscribe('/restart');
    const ids: string[] = [];
    const burst = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const event = envelope('app.created');
        ids.push(event.id);
        await publish(event);
      }
    };
    await burst(100);
    await shutDown();
    await burst(100);
    await boot();
    await burst(100);
    const all = await eventually(() => at('/restart'), (list) => new Set(list.map((entry) => entry.body)).size >= 300, 30_000);
    const seen = new Set(all.map((entry) => (JSON.parse(entry.body) as DomainEvent).id));
    expect(ids.filter((id) => !seen.has(id))).toEqual([]);
    // A duplicate, if any, carries the same delivery id as the first copy.
    const byEvent = new Map<string, Set<string>>();
    for (const entry of all) {
      const id = (JSON.parse(entry.body) as DomainEvent).id;
      byEvent.set(id, (byEvent.get(id) ?? new Set()).add(String(entry.headers['x-service-delivery'])));
    }
    expect([...byEvent.values()].every((deliveryIds) => deliveryIds.size === 1)).toBe(true);
  });
});
