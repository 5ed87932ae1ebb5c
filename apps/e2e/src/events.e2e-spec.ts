import type { DomainEvent } from '@appgen/contracts';
import { readAllEvents, waitForEvents } from '@appgen/testing';
import { adminAccount, api, bus, closeBus, platformControl, type TestAccount } from './support';

function eventsOf(events: DomainEvent[], appIds: Iterable<string>, kind: string): Map<string, number> {
  const wanted = new Set(appIds);
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.event === kind && event.app_id && wanted.has(event.app_id)) counts.set(event.app_id, (counts.get(event.app_id) ?? 0) + 1);
  }
  return counts;
}

async function listAllAppIds(owner: TestAccount): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api().get(`/api/v1/managed_apps?per_page=100&page=${page}`).set('X-API-Key', owner.key);
    ids.push(...response.body.apps.map((a: { id: string }) => a.id));
    if (page >= response.body.meta.total_pages) return ids;
  }
}

describe('domain events through the outbox to the EVENTS stream', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'events');
  });
  afterAll(closeBus);

  it('publishes app.created, app.updated and app.deleted with the envelope subscribers rely on', async () => {
    const created = await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Observed' });
    const id: string = created.body.app.id;
    await api(1).patch(`/api/v1/managed_apps/${id}`).set('X-API-Key', owner.key).send({ name: 'Observed twice' });
    await api().delete(`/api/v1/managed_apps/${id}`).set('X-API-Key', owner.key);

    const events = await waitForEvents(await bus(), (all) => all.some((e) => e.app_id === id && e.event === 'app.deleted'));
    const mine = events.filter((e) => e.app_id === id);
    expect(mine.map((e) => e.event)).toEqual(['app.created', 'app.updated', 'app.deleted']);
    for (const event of mine) {
      expect(event).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        event: expect.any(String),
        timestamp: expect.stringMatching(/Z$/),
        account_id: owner.account.id,
        app_id: id,
        data: expect.any(Object),
      });
    }
    expect(mine[0]?.data).toEqual({ app: created.body.app });
    expect(mine[1]?.data).toMatchObject({ changed: ['name'], app: { id, name: 'Observed twice' } });
    expect(mine[2]?.data).toEqual({ app: { id, name: 'Observed twice' } });
  });

  it('loses no event when apps-service is killed between commit and publish', async () => {
    const control = platformControl();
    const nats = await bus();
    // Without its relay, apps-service commits changes and their events but publishes nothing,
    // which is exactly the state a kill right after a commit leaves behind.
    await control.restart('apps-service', { OUTBOX_RELAY_ENABLED: 'false' });
    const ids: string[] = [];
    try {
      for (let i = 0; i < 10; i += 1) {
        const response = await api(i % 2).post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: `Unpublished ${i}` });
        expect(response.status).toBe(201);
        ids.push(response.body.app.id);
      }
      expect(eventsOf(await readAllEvents(nats), ids, 'app.created').size).toBe(0);
      await control.kill('apps-service', 'SIGKILL');
    } finally {
      await control.start('apps-service');
    }
    const events = await waitForEvents(nats, (all) => eventsOf(all, ids, 'app.created').size === ids.length);
    expect([...eventsOf(events, ids, 'app.created').values()]).toEqual(ids.map(() => 1));
  });

  it('keeps exactly one app.created per app when apps-service is killed in the middle of a burst', async () => {
    const control = platformControl();
    const burster = await adminAccount('enterprise', 'burst');
    const outcomes: number[] = [];
    let killed = false;
    const worker = async (offset: number) => {
      for (let i = offset; i < 120; i += 6) {
        const response = await api(i % 2)
          .post('/api/v1/managed_apps')
          .set('X-API-Key', burster.key)
          .send({ name: `Burst ${i}` });
        outcomes.push(response.status);
        if (!killed && outcomes.length === 40) {
          killed = true;
          await control.kill('apps-service', 'SIGKILL');
          await control.start('apps-service');
        }
      }
    };
    try {
      await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    } finally {
      if (!killed) await control.start('apps-service').catch(() => undefined);
    }
    expect(killed).toBe(true);
    // Requests that reached a dead service failed visibly (503/504), never as a false success.
    expect(outcomes.every((status) => [201, 503, 504].includes(status))).toBe(true);
    expect(outcomes.filter((status) => status === 201).length).toBeGreaterThan(40);

    const ids = await listAllAppIds(burster);
    const events = await waitForEvents(await bus(), (all) => eventsOf(all, ids, 'app.created').size === ids.length);
    expect([...eventsOf(events, ids, 'app.created').values()].every((count) => count === 1)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });
});
