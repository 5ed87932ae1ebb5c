import { GenerationSubjects } from '@appgen/contracts';
import { rpcFailure, testCaller } from '@appgen/testing';
import { rpc, neighbours, waitForJob, finished, useGenerationServiceUnderTest } from './generation-service-under-test.testing';

/** Until the credits relay has told billing how the job ended. */
async function settledWithBilling(jobId: string): Promise<{ charged: number | null; endings: number }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const job = neighbours.billing.jobs.get(jobId);
    if (job && job.endings > 0) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} was never settled with billing`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('generation-service: credits held with billing around each job', () => {
  useGenerationServiceUnderTest();

  it('holds 1 credit before queueing a built-in job and is charged it once the job completes', async () => {
    const caller = testCaller(31);
    const queued = await rpc.request(GenerationSubjects.queue, { caller, prompt: 'A habit tracker with daily check-ins' });
    expect(neighbours.billing.jobs.get(queued.job_id)).toMatchObject({ accountId: 31, reserved: 1 });
    expect((await waitForJob(queued.job_id, finished, caller)).status).toBe('completed');
    expect(await settledWithBilling(queued.job_id)).toMatchObject({ charged: 1, endings: 1 });
    expect(neighbours.billing.balance(31)).toBe(49);
  });

  it('gives the credit back when the job fails', async () => {
    const caller = testCaller(32);
    neighbours.buildOutcome = 'failed';
    try {
      const queued = await rpc.request(GenerationSubjects.queue, { caller, prompt: 'A reading list of books with ratings' });
      expect((await waitForJob(queued.job_id, finished, caller)).status).toBe('failed');
      expect(await settledWithBilling(queued.job_id)).toMatchObject({ charged: 0, endings: 1 });
      expect(neighbours.billing.balance(32)).toBe(50);
    } finally {
      neighbours.buildOutcome = 'succeeded';
    }
  });

  it('refuses with 402 insufficient_credits and creates nothing when the balance is too low', async () => {
    const caller = testCaller(33);
    neighbours.billing.balances.set(33, 0);
    const apps = neighbours.apps.size;
    const refused = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller, prompt: 'A recipe box' }));
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('insufficient_credits');
    expect(neighbours.apps.size).toBe(apps);
  });
});
