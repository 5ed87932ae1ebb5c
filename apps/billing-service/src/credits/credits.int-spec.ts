import { BillingSubjects, SIGNUP_GRANT_CREDITS, type Caller } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { startBillingServiceUnderTest, type BillingServiceUnderTest } from '../billing-service-under-test.testing';

let billing: BillingServiceUnderTest;
beforeAll(async () => {
  billing = await startBillingServiceUnderTest('billing_credits');
}, 60_000);
afterAll(() => billing?.close());

function callerOf(accountId: number): Caller {
  return { accountId, email: `a${accountId}@example.com`, plan: 'free', keyId: null, scope: 'full_access', grants: [] };
}

const noTokens = { input: 0, output: 0 };

/** The totals row agrees with the sum of the ledger, entry by entry. */
async function ledgerSum(accountId: number): Promise<number> {
  const { rows } = await billing.sql.query<{ sum: string }>('SELECT coalesce(sum(credits), 0) AS sum FROM ledger_entries WHERE account_id = $1', [accountId]);
  return Number(rows[0]?.sum);
}

describe('the credit ledger', () => {
  it('grants a new account its 50 credits once, however many ask at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => billing.rpc.request(BillingSubjects.balance, { account_id: 1 })));
    for (const { credits } of answers) expect(credits).toEqual({ balance: SIGNUP_GRANT_CREDITS, granted: SIGNUP_GRANT_CREDITS, purchased: 0, used: 0 });
    const { rows } = await billing.sql.query("SELECT kind, credits, reason FROM ledger_entries WHERE account_id = 1");
    expect(rows).toEqual([{ kind: 'grant', credits: SIGNUP_GRANT_CREDITS, reason: 'signup' }]);
  });

  it('holds credits for a job, charges what it used and gives the rest back, once whatever is retried', async () => {
    const held = await billing.rpc.request(BillingSubjects.reserve, { account_id: 2, job_id: 'job-a', credits: 10 });
    expect(held.credits.balance).toBe(40);
    // the same job again (a retried message, a restarted job) holds nothing more
    const again = await billing.rpc.request(BillingSubjects.reserve, { account_id: 2, job_id: 'job-a', credits: 10 });
    expect(again.credits.balance).toBe(40);
    const settled = await billing.rpc.request(BillingSubjects.settle, { account_id: 2, job_id: 'job-a', credits_used: 3, tokens_used: { input: 900, output: 300 } });
    expect(settled.reservation).toEqual({ job_id: 'job-a', reserved: 10, status: 'settled', credits_used: 3 });
    expect(settled.credits).toEqual({ balance: 47, granted: 50, purchased: 0, used: 3 });
    // a second ending of any kind changes nothing
    expect((await billing.rpc.request(BillingSubjects.settle, { account_id: 2, job_id: 'job-a', credits_used: 10, tokens_used: noTokens })).credits.balance).toBe(47);
    expect((await billing.rpc.request(BillingSubjects.release, { account_id: 2, job_id: 'job-a' })).reservation.status).toBe('settled');
    expect(await ledgerSum(2)).toBe(47);

    const usage = await billing.rpc.request(BillingSubjects.usage, { caller: callerOf(2) });
    expect(usage.usage).toMatchObject({ generations: 1, credits_used: 3, tokens_used: { input: 900, output: 300 } });
  });

  it('gives a failed job its whole reservation back and does not count it as a generation', async () => {
    await billing.rpc.request(BillingSubjects.reserve, { account_id: 3, job_id: 'job-b', credits: 1 });
    const released = await billing.rpc.request(BillingSubjects.release, { account_id: 3, job_id: 'job-b' });
    expect(released.reservation).toEqual({ job_id: 'job-b', reserved: 1, status: 'released', credits_used: 0 });
    expect(released.credits.balance).toBe(50);
    const usage = await billing.rpc.request(BillingSubjects.usage, { caller: callerOf(3) });
    expect(usage.usage).toMatchObject({ generations: 0, credits_used: 0 });
  });

  it('refuses a reservation the balance cannot cover with 402 insufficient_credits, holding nothing', async () => {
    const refused = await rpcFailure(billing.rpc.request(BillingSubjects.reserve, { account_id: 4, job_id: 'job-c', credits: 51 }));
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('insufficient_credits');
    expect((await billing.rpc.request(BillingSubjects.balance, { account_id: 4 })).credits.balance).toBe(50);
  });

  it('never overdraws under concurrent reservations, from two replicas', async () => {
    const replica = await billing.startReplica();
    try {
      const tries = Array.from({ length: 30 }, (_, index) =>
        billing.rpc.request(BillingSubjects.reserve, { account_id: 5, job_id: `race-${index}`, credits: 7 }).then(
          () => 'held',
          (error: unknown) => (error as { payload?: { body?: { error?: string } } }).payload?.body?.error ?? String(error),
        ),
      );
      const outcomes = await Promise.all(tries);
      expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(7); // 7 × 7 = 49 of 50
      expect(outcomes.filter((outcome) => outcome !== 'held').every((outcome) => outcome === 'insufficient_credits')).toBe(true);
      const { credits } = await billing.rpc.request(BillingSubjects.balance, { account_id: 5 });
      expect(credits).toEqual({ balance: 1, granted: 50, purchased: 0, used: 49 });
      expect(await ledgerSum(5)).toBe(1);
    } finally {
      await replica.close();
    }
  }, 30_000);

  it("does not let one account settle another's job", async () => {
    await billing.rpc.request(BillingSubjects.reserve, { account_id: 6, job_id: 'job-d', credits: 2 });
    const other = await rpcFailure(billing.rpc.request(BillingSubjects.release, { account_id: 7, job_id: 'job-d' }));
    expect(other.status).toBe(404);
  });

  it('takes operator grants and corrections, never below zero, and keeps the ledger append-only', async () => {
    expect((await billing.rpc.request(BillingSubjects.grant, { account_id: 8, credits: 500, reason: 'e2e' })).credits).toEqual({
      balance: 550, granted: 550, purchased: 0, used: 0,
    });
    const below = await rpcFailure(billing.rpc.request(BillingSubjects.grant, { account_id: 8, credits: -551, reason: 'too much' }));
    expect(below.status).toBe(402);
    expect((await billing.rpc.request(BillingSubjects.grant, { account_id: 8, credits: -549, reason: 'correction' })).credits.balance).toBe(1);
    const zero = await rpcFailure(billing.rpc.request(BillingSubjects.grant, { account_id: 8, credits: 0, reason: 'nothing' }));
    expect(zero.status).toBe(422);
    await expect(billing.sql.query('UPDATE ledger_entries SET credits = 1000 WHERE account_id = 8')).rejects.toThrow('append-only');
    await expect(billing.sql.query('UPDATE credit_accounts SET balance = -1, used = used + 2 WHERE account_id = 8')).rejects.toThrow();
  });
});
