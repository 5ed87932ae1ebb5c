import { Client } from 'pg';
import { GenerationSubjects } from '@appgen/contracts';
import { waitForEvents } from '@appgen/testing';
import { database, bus, rpc, neighbours, chatRequests, alice, waitForJob, finished, eventsOf, useGenerationServiceUnderTest } from './generation-service-under-test.testing';

describe('generation-service: jobs run by the worker', () => {
  useGenerationServiceUnderTest();

  it('updates an existing app from its latest plan', async () => {
    const first = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'A recipe manager where I save recipes with ingredients and cooking time' });
    await waitForJob(first.job_id, finished);
    const update = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a category field to recipes', app_id: first.app_id });
    expect(update.app_id).toBe(first.app_id);
    const job = await waitForJob(update.job_id, finished);
    expect(job.status).toBe('completed');
    const app = neighbours.apps.get(first.app_id);
    expect(app?.versions).toHaveLength(2);
    expect(app?.versions[1]?.plan?.prompts).toHaveLength(2);
    expect(app?.entities.get('recipes')?.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['category', 'cooking_time']));
    const events = eventsOf(await waitForEvents(bus, (all) => eventsOf(all, update.job_id).length === 5), update.job_id);
    expect(events[1]?.data).toMatchObject({ message: expect.stringMatching(/^Updating /) });
  });

  it('fails an update asking for a table the app already has, saying so, and leaves the app as it was', async () => {
    const first = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'A recipe manager where I save recipes with ingredients and cooking time' });
    await waitForJob(first.job_id, finished);
    const update = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a table for recipes', app_id: first.app_id });
    const job = await waitForJob(update.job_id, finished);
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The app already has a table of recipes \(name, ingredients, cooking time\), so nothing was changed/) });
    const app = neighbours.apps.get(first.app_id);
    expect(app?.versions).toHaveLength(1);
    expect(app?.entities.get('recipes')?.fields.map((field) => field.name)).toEqual(['name', 'ingredients', 'cooking_time']);
  });

  it('plans with the openai engine when ai_model names it, and records the tokens it spent', async () => {
    const queued = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'track my habits', ai_model: 'openai' });
    expect(queued.estimated_time_seconds).toBe(120);
    const job = await waitForJob(queued.job_id, finished);
    expect(job).toMatchObject({ status: 'completed', progress: 100, estimated_time_seconds: 120 });
    expect(chatRequests.at(-1)).toEqual({ model: 'gpt-4o-mini', authorization: 'Bearer sk-local' });
    expect(neighbours.apps.get(queued.app_id)?.versions[0]?.plan?.prompts).toEqual(['track my habits']);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ tokens_input: number; tokens_output: number }>(
        'SELECT tokens_input, tokens_output FROM generation.generation_jobs WHERE job_id = $1',
        [queued.job_id],
      );
      // the plan, then one coding step in which the model says it is done with the scaffold
      expect(rows[0]).toEqual({ tokens_input: 2 * 900, tokens_output: 2 * 300 });
    } finally {
      await db.end();
    }
  });

  it('fails the job and the app when the build fails, with the build error as the reason', async () => {
    neighbours.buildOutcome = 'failed';
    const queued = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a reading list with books and authors' });
    const job = await waitForJob(queued.job_id, finished);
    expect(job).toMatchObject({
      status: 'failed',
      progress: 75,
      error: 'The build failed: src/main.ts:3:18: Unexpected ";"',
      message: 'Failed: The build failed: src/main.ts:3:18: Unexpected ";"',
      app: { status: 'failed' },
    });
    const events = eventsOf(await waitForEvents(bus, (all) => eventsOf(all, queued.job_id).some((e) => e.event === 'app.generation.failed')), queued.job_id);
    expect(events.at(-1)).toMatchObject({ event: 'app.generation.failed', data: { status: 'failed', error: 'The build failed: src/main.ts:3:18: Unexpected ";"' } });
    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: queued.job_id })).toEqual({ cancelled: false, job_id: queued.job_id });
  });
});
