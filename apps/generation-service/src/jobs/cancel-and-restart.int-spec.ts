import { Client } from 'pg';
import { GenerationSubjects } from '@appgen/contracts';
import { readAllEvents, waitForEvents } from '@appgen/testing';
import { database, stop, bus, rpc, neighbours, alice, start, waitForJob, finished, eventsOf, useGenerationServiceUnderTest } from './generation-service-under-test.testing';

describe('generation-service: jobs run by the worker', () => {
  useGenerationServiceUnderTest();

  it('cancels running and queued jobs: the running build is ignored, the queued job never runs', async () => {
    let openGate = (): void => undefined;
    neighbours.buildGate = new Promise<void>((resolve) => (openGate = resolve));
    const buildsBefore = neighbours.builds;
    const running = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a gym log with workouts, sets and reps' });
    await waitForJob(running.job_id, (job) => job.progress === 75);
    // Concurrency 1: this one waits behind the running job.
    const waiting = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a contact list with phone numbers' });

    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: waiting.job_id })).toEqual({ cancelled: true, job_id: waiting.job_id });
    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: String(running.message_id) })).toEqual({ cancelled: true, job_id: running.job_id });
    openGate();

    const cancelled = await waitForJob(running.job_id, finished);
    expect(cancelled).toMatchObject({ status: 'cancelled', progress: 75 });
    // The running job had saved its version before it was cancelled: the app keeps it.
    expect(neighbours.apps.get(running.app_id)?.detail.status).toBe('generated');
    const never = await rpc.request(GenerationSubjects.get, { caller: alice, id: waiting.job_id });
    expect(never).toMatchObject({ status: 'cancelled', progress: 5, started_at: null, app: { status: 'draft' } });

    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(neighbours.builds).toBe(buildsBefore + 1);
    expect((await rpc.request(GenerationSubjects.get, { caller: alice, id: running.job_id })).status).toBe('cancelled');
    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: running.job_id })).toEqual({ cancelled: false, job_id: running.job_id });
    const events = await readAllEvents(bus);
    expect(eventsOf(events, waiting.job_id).map((event) => event.event)).toEqual(['app.generation.failed']);
    expect(eventsOf(events, running.job_id).some((event) => event.event === 'app.generation.completed')).toBe(false);
  });

  it('after a restart, resumes a job its dead worker left processing and fails one that was interrupted too often', async () => {
    await stop();
    const stuck = neighbours.add(alice.accountId);
    const exhausted = neighbours.add(alice.accountId);
    stuck.detail.status = 'generating';
    exhausted.detail.status = 'generating';
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const insert = `INSERT INTO generation.generation_jobs
          (job_id, account_id, caller, app_id, app_created_at, prompt, name, engine, status, progress, message, attempts, heartbeat_at, started_at)
        VALUES ($1, $2, $3, $4, now(), $5, 'Untitled App', 'blueprint', 'processing', 50, 'Writing 20 files', $6, now() - interval '2 minutes', now() - interval '2 minutes')`;
      await db.query(insert, ['job_stuckstuckstuckstuck', 1, JSON.stringify(alice), stuck.detail.id, 'a habit tracker with daily check-ins', 1]);
      await db.query(insert, ['job_exhaustedexhausted00', 1, JSON.stringify(alice), exhausted.detail.id, 'a budget with expenses', 3]);
    } finally {
      await db.end();
    }
    await start();

    const resumed = await waitForJob('job_stuckstuckstuckstuck', finished);
    expect(resumed).toMatchObject({ status: 'completed', progress: 100, app: { status: 'generated' } });
    expect(stuck.versions).toHaveLength(1);
    const gaveUp = await waitForJob('job_exhaustedexhausted00', finished);
    expect(gaveUp).toMatchObject({ status: 'failed', error: 'The generation was interrupted 3 times and was given up', app: { status: 'failed' } });
    expect(exhausted.versions).toHaveLength(0);

    const events = await waitForEvents(bus, (all) => eventsOf(all, 'job_stuckstuckstuckstuck').some((e) => e.event === 'app.generation.completed'));
    expect(eventsOf(events, 'job_stuckstuckstuckstuck')[0]).toMatchObject({
      event: 'app.generation.started',
      data: { message: 'Starting again after an interruption: reading your prompt' },
    });
  });
});
