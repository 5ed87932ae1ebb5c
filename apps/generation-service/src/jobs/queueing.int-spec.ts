import { GenerationSubjects } from '@appgen/contracts';
import { rpcFailure, waitForEvents } from '@appgen/testing';
import { bus, rpc, neighbours, alice, bob, waitForJob, finished, eventsOf, useGenerationServiceUnderTest } from './generation-service-under-test.testing';

describe('generation-service: jobs run by the worker', () => {
  useGenerationServiceUnderTest();

  it('queues a prompt, runs it to a built preview and reports every checkpoint as an event', async () => {
    const prompt = 'A recipe manager where I save recipes with ingredients and cooking time and rate them';
    const queued = await rpc.request(GenerationSubjects.queue, {
      caller: alice,
      prompt,
      metadata: { order: 42 },
    });
    expect(queued).toMatchObject({
      status: 'queued',
      estimated_time_seconds: 5,
      webhook_events: ['app.generation.started', 'app.generation.progress', 'app.generation.completed', 'app.generation.failed'],
      status_url: `https://appgen.test/api/v1/generation_queue/${queued.job_id}`,
      app_url: `https://appgen.test/account/apps/${queued.app_id}/editor`,
      app: { id: queued.app_id, status: 'generating' },
    });
    expect(queued.job_id).toMatch(/^job_[a-z0-9]{20}$/);
    expect(Number.isInteger(queued.message_id)).toBe(true);

    const job = await waitForJob(queued.job_id, finished);
    const preview = `http://preview-${queued.app_id}.preview.localhost:8080`;
    expect(job).toMatchObject({
      job_id: queued.job_id,
      app_id: queued.app_id,
      message_id: queued.message_id,
      status: 'completed',
      progress: 100,
      message: `Your app is ready at ${preview}`,
      app: { id: queued.app_id, status: 'generated', preview_url: preview, production_url: null },
      error: null,
    });
    expect(job.app.name).toMatch(/recipe/i);
    expect(job.started_at).not.toBeNull();
    expect(job.completed_at).not.toBeNull();

    const app = neighbours.apps.get(queued.app_id);
    expect(app?.versions).toHaveLength(1);
    expect(app?.versions[0]?.key).toBe(queued.job_id);
    expect(app?.versions[0]?.files.map((file) => file.path)).toEqual(expect.arrayContaining(['index.html', 'src/main.ts', 'AGENTS.md']));
    const recipes = app?.entities.get('recipes');
    expect(recipes?.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['ingredients', 'cooking_time', 'rating']));

    const events = eventsOf(await waitForEvents(bus, (all) => eventsOf(all, queued.job_id).some((e) => e.event === 'app.generation.completed')), queued.job_id);
    expect(events.map((event) => [event.event, (event.data as { progress: number }).progress])).toEqual([
      ['app.generation.started', 10],
      ['app.generation.progress', 25],
      ['app.generation.progress', 50],
      ['app.generation.progress', 75],
      ['app.generation.completed', 100],
    ]);
    expect(events[1]?.data).toMatchObject({ message: expect.stringMatching(/^Planning .*Recipe.*: \d+ entit(y|ies), \d+ pages$/) });
    expect(events[2]?.data).toMatchObject({ message: expect.stringMatching(/^Writing \d+ files for /) });
    expect(events[3]?.data).toMatchObject({ message: 'Building the preview' });
    expect(events[4]).toMatchObject({
      account_id: 1,
      app_id: queued.app_id,
      data: { job_id: queued.job_id, message_id: queued.message_id, status: 'completed', progress: 100, message: `Your app is ready at ${preview}` },
    });

    const latest = await rpc.request(GenerationSubjects.latestForApp, { caller: alice, app_id: queued.app_id });
    expect(latest.generation).toEqual({ status: 'completed', started_at: job.started_at, completed_at: job.completed_at });
  });

  it('reads a job by its message id too, and hides it from other accounts', async () => {
    const queued = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a tracker for my houseplants with watering dates' });
    const byMessage = await waitForJob(String(queued.message_id), finished);
    expect(byMessage.job_id).toBe(queued.job_id);
    expect(await rpc.request(GenerationSubjects.get, { caller: alice, id: queued.job_id })).toEqual(byMessage);

    for (const id of [queued.job_id, String(queued.message_id)]) {
      expect(await rpcFailure(rpc.request(GenerationSubjects.get, { caller: bob, id }))).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await rpcFailure(rpc.request(GenerationSubjects.cancel, { caller: bob, id }))).toMatchObject({ status: 404 });
    }
    expect(await rpcFailure(rpc.request(GenerationSubjects.get, { caller: alice, id: 'job_doesnotexist0000000' }))).toMatchObject({ status: 404 });
    expect(await rpcFailure(rpc.request(GenerationSubjects.get, { caller: alice, id: 'not-a-job' }))).toMatchObject({ status: 404 });
    expect(await rpc.request(GenerationSubjects.latestForApp, { caller: bob, app_id: queued.app_id })).toEqual({ generation: null });
  });

  it('refuses invalid requests with 422 listing each field, and an unknown app with 404', async () => {
    const invalid = await rpcFailure(
      rpc.request(GenerationSubjects.queue, {
        caller: alice,
        prompt: '   ',
        callback_url: 'ftp://example.com/x',
        metadata: { blob: 'x'.repeat(17_000) },
      }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toBe('validation_failed');
    expect(invalid.body.errors?.map((error) => error.field).sort()).toEqual(['callback_url', 'metadata', 'prompt']);

    const tooLong = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a'.repeat(10_001) }));
    expect(tooLong).toMatchObject({ status: 422, body: { errors: [{ field: 'prompt', message: 'must be at most 10000 characters' }] } });

    const unknown = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a category', app_id: 'appmissing000' }));
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const others = neighbours.add(bob.accountId);
    expect(await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a category', app_id: others.detail.id }))).toMatchObject({ status: 404 });
  });

  it('says which models it offers, and refuses any other ai_model and text that is not one line', async () => {
    expect(await rpc.request(GenerationSubjects.offeredModels, {})).toEqual({ models: ['blueprint', 'openai'] });
    const refused = await rpcFailure(
      rpc.request(GenerationSubjects.queue, {
        caller: alice,
        prompt: 'A guest book\r\nwith messages',
        name: 'Guests\u202Ekoob',
        description: 'a'.repeat(2001),
        ai_model: 'gpt-4o',
        metadata: Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`key${index}`, index])),
      }),
    );
    expect(refused).toMatchObject({ status: 422, body: { error: 'validation_failed' } });
    expect(refused.body.errors).toEqual([
      { field: 'name', message: 'must not contain bidirectional text controls (U+202E at character 7)' },
      { field: 'metadata', message: 'must have at most 50 keys' },
      { field: 'description', message: 'must be at most 2000 characters' },
    ]);
    // Which models are offered is asked once the message keeps its contract.
    const unoffered = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'A guest book', ai_model: 'gpt-4o' }));
    expect(unoffered.body.errors).toEqual([{ field: 'ai_model', message: 'must be a model this server offers: blueprint, openai' }]);
  });
});
