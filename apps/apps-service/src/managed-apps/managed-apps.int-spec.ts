import { JSONCodec } from 'nats';
import { AppsSubjects, GenerationSubjects } from '@appgen/contracts';
import { readAllEvents, rpcFailure, testCaller, waitForEvents } from '@appgen/testing';
import { connection, db, rpc, useAppsServiceUnderTest } from '../apps-service-under-test.testing';

describe('apps-service over NATS', () => {
  useAppsServiceUnderTest();
  const alice = testCaller(1);
  const bob = testCaller(2);

  it('creates a draft with the contract defaults and shows it in the detail view', async () => {
    const created = await rpc.request(AppsSubjects.create, { caller: alice });
    expect(created.app).toMatchObject({
      name: 'Untitled App',
      status: 'draft',
      visibility: 'public',
      preview_url: null,
      production_url: null,
      published_at: null,
    });
    expect(created.app.id).toMatch(/^[a-z][a-z0-9]{11}$/);

    const { app } = await rpc.request(AppsSubjects.get, { caller: alice, id: created.app.id });
    expect(app).toMatchObject({
      id: created.app.id,
      creator: { id: 1, email: 'owner1@example.com' },
      versions_count: 0,
      files_count: 0,
      urls: { editor: `https://appgen.test/account/apps/${created.app.id}/editor`, preview: null, production: null },
    });
  });

  it('answers a retried create with the app its key created, per account, for a day', async () => {
    const request = { caller: alice, name: 'Retried', idempotency_key: 'create-1' };
    const [first, retry] = await Promise.all([rpc.request(AppsSubjects.create, request), rpc.request(AppsSubjects.create, request)]);
    expect(retry.app.id).toBe(first.app.id);
    expect((await rpc.request(AppsSubjects.create, request)).app.id).toBe(first.app.id);
    // another account's key of the same name is another request
    const bobs = await rpc.request(AppsSubjects.create, { ...request, caller: bob });
    expect(bobs.app.id).not.toBe(first.app.id);
    const named = await rpc.request(AppsSubjects.list, { caller: alice, name: 'Retried', page: 1, per_page: 10 });
    expect(named.apps.map((app) => app.id)).toEqual([first.app.id]);

    // a day on, the key is free again and names a new request
    await db.query("UPDATE apps.managed_apps SET created_at = now() - interval '25 hours' WHERE id = $1", [first.app.id]);
    const later = await rpc.request(AppsSubjects.create, request);
    expect(later.app.id).not.toBe(first.app.id);
  });

  it('refuses text holding a NUL byte, whichever way the message came, naming the field', async () => {
    expect(await rpcFailure(rpc.request(AppsSubjects.create, { caller: alice, name: 'Bad\u0000name' }))).toEqual({
      status: 422,
      body: {
        error: 'validation_failed',
        message: 'name must not contain NUL characters',
        errors: [{ field: 'name', message: 'must not contain NUL characters' }],
      },
    });
  });

  it('refuses control characters, oversize text and models generation-service does not offer, naming each field', async () => {
    // generation-service, as far as apps-service asks it: which models may be an app's ai_model.
    connection.subscribe(GenerationSubjects.offeredModels, {
      callback: (_error, message) => message.respond(JSONCodec().encode({ response: { models: ['blueprint', 'openai'] }, isDisposed: true })),
    });
    const refused = await rpcFailure(
      rpc.request(AppsSubjects.create, {
        caller: alice,
        name: 'Shop\r\nfront',
        description: 'd'.repeat(2001),
        prompt: 'A shop \u202Eof bidi',
        ai_model: 'gpt-4o',
      }),
    );
    expect(refused).toMatchObject({ status: 422, body: { error: 'validation_failed' } });
    expect(refused.body.errors).toEqual([
      { field: 'name', message: 'must not contain line breaks (U+000D at character 5)' },
      { field: 'description', message: 'must be at most 2000 characters' },
      { field: 'prompt', message: 'must not contain bidirectional text controls (U+202E at character 8)' },
    ]);
    // Which models are offered is asked once the message keeps its contract.
    const unoffered = await rpcFailure(rpc.request(AppsSubjects.create, { caller: alice, name: 'Shop', ai_model: 'gpt-4o' }));
    expect(unoffered.body.errors).toEqual([{ field: 'ai_model', message: 'must be a model this server offers: blueprint, openai' }]);

    const { app } = await rpc.request(AppsSubjects.create, { caller: alice, name: '  Shop  ', description: 'Line one\nLine two', ai_model: 'openai' });
    expect(app).toMatchObject({ name: 'Shop', description: 'Line one\nLine two', ai_model: 'openai' });
    const renamed = await rpcFailure(rpc.request(AppsSubjects.update, { caller: alice, id: app.id, changes: { name: 'Shop\tfront', ai_model: 'x'.repeat(101) } }));
    expect(renamed.body.errors).toEqual([
      { field: 'changes.name', message: 'must not contain tabs (U+0009 at character 5)' },
      { field: 'changes.ai_model', message: 'must be at most 100 characters' },
    ]);
    const updated = await rpc.request(AppsSubjects.update, { caller: alice, id: app.id, changes: { ai_model: 'blueprint', name: 'Shopfront' } });
    expect(updated.app).toMatchObject({ name: 'Shopfront', ai_model: 'blueprint' });
  });

  it('hides one tenant’s apps from another: get, update and delete answer 404', async () => {
    const { app } = await rpc.request(AppsSubjects.create, { caller: alice, name: 'Private notes' });
    for (const attempt of [
      rpc.request(AppsSubjects.get, { caller: bob, id: app.id }),
      rpc.request(AppsSubjects.update, { caller: bob, id: app.id, changes: { name: 'stolen' } }),
      rpc.request(AppsSubjects.delete, { caller: bob, id: app.id }),
    ]) {
      expect(await rpcFailure(attempt)).toEqual({
        status: 404,
        body: { error: 'not_found', message: `App ${app.id} was not found` },
      });
    }
    const bobsList = await rpc.request(AppsSubjects.list, { caller: bob, page: 1, per_page: 25 });
    expect(bobsList.apps.map((a) => a.id)).not.toContain(app.id);
    expect((await rpc.request(AppsSubjects.get, { caller: alice, id: app.id })).app.name).toBe('Private notes');
  });

  it('filters by status and partial name, treating LIKE wildcards literally, and pages', async () => {
    const owner = testCaller(3);
    for (const name of ['Recipe box', 'Recipe planner', 'Gym log', '100% done', 'Tasks_v2']) {
      await rpc.request(AppsSubjects.create, { caller: owner, name });
    }
    const recipes = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 25, name: 'recipe' });
    expect(recipes.apps.map((a) => a.name).sort()).toEqual(['Recipe box', 'Recipe planner']);
    const percent = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 25, name: '%' });
    expect(percent.apps.map((a) => a.name)).toEqual(['100% done']);
    const underscore = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 25, name: 's_' });
    expect(underscore.apps.map((a) => a.name)).toEqual(['Tasks_v2']);
    const published = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 25, status: 'published' });
    expect(published).toEqual({ apps: [], meta: { current_page: 1, total_pages: 0, total_count: 0, per_page: 25 } });

    const page2 = await rpc.request(AppsSubjects.list, { caller: owner, page: 2, per_page: 2 });
    expect(page2.meta).toEqual({ current_page: 2, total_pages: 3, total_count: 5, per_page: 2 });
    expect(page2.apps).toHaveLength(2);
    const page1 = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 2 });
    const page3 = await rpc.request(AppsSubjects.list, { caller: owner, page: 3, per_page: 2 });
    const seen = [...page1.apps, ...page2.apps, ...page3.apps].map((a) => a.id);
    expect(new Set(seen).size).toBe(5);
  });

  it('publishes app.created, app.updated (with the changed fields) and app.deleted, each once', async () => {
    const owner = testCaller(4);
    const { app } = await rpc.request(AppsSubjects.create, { caller: owner, name: 'Event source' });
    const unchanged = await rpc.request(AppsSubjects.update, { caller: owner, id: app.id, changes: { name: 'Event source' } });
    expect(unchanged.app.name).toBe('Event source');
    const updated = await rpc.request(AppsSubjects.update, {
      caller: owner,
      id: app.id,
      changes: { name: 'Renamed', visibility: 'login_required' },
    });
    expect(updated.app).toMatchObject({ name: 'Renamed', visibility: 'login_required' });
    expect(await rpc.request(AppsSubjects.delete, { caller: owner, id: app.id })).toEqual({
      success: true,
      message: `App ${app.id} and all its resources were deleted.`,
    });
    expect((await rpcFailure(rpc.request(AppsSubjects.get, { caller: owner, id: app.id }))).status).toBe(404);

    const events = await waitForEvents(connection, (all) => all.some((e) => e.event === 'app.deleted' && e.app_id === app.id));
    const mine = events.filter((e) => e.app_id === app.id);
    expect(mine.map((e) => e.event)).toEqual(['app.created', 'app.updated', 'app.deleted']);
    expect(mine.every((e) => e.account_id === 4)).toBe(true);
    expect(mine[1]?.data).toMatchObject({ changed: ['name', 'visibility'], app: { name: 'Renamed' } });
    expect(mine[2]?.data).toEqual({ app: { id: app.id, name: 'Renamed' } });
    expect(new Set((await readAllEvents(connection)).map((e) => e.id)).size).toBe((await readAllEvents(connection)).length);
  });
});
