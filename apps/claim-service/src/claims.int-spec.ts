import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppsSubjects, ClaimSubjects, GenerationSubjects, UNCLAIMED_ACCOUNT_ID, UsersSubjects } from '@appgen/contracts';
import { rpcFailure, testCaller } from '@appgen/testing';
import { startClaimServiceUnderTest, type ClaimServiceUnderTest } from './claim-service-under-test.testing';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const IP_HASH = 'a'.repeat(64);

/**
 * claim-service against real Postgres and NATS, the services it calls stood in for: what it stores of a token, one
 * claim of a build however many race, and the expiry sweep deleting each app once across replicas, retrying a
 * failed delete, and carrying on after a restart (its state is the rows).
 */
describe('claim-service', () => {
  let service: ClaimServiceUnderTest;
  /** the apps the stand-in apps-service was asked to delete, in order */
  const deletes: string[] = [];
  let failDeletes = false;

  const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await sleep(50);
    }
  };
  const appId = () => `a${randomBytes(6).toString('hex').slice(0, 11)}`;
  /** A build already past its window, as the sweep finds one (no request makes one this old). */
  const insertDue = async (id: string) => {
    await service.sql.query(
      `INSERT INTO anonymous_builds (app_id, job_id, token_hash, ip_hash, created_at, expires_at, next_delete_at)
       VALUES ($1, $2, $3, $4, now() - interval '49 hours', now() - interval '1 hour', now() - interval '1 hour')`,
      [id, `job_${id}`, sha256(`clm_${id}`), IP_HASH],
    );
  };
  const row = async (id: string) => (await service.sql.query('SELECT * FROM anonymous_builds WHERE app_id = $1', [id])).rows[0];

  beforeAll(async () => {
    service = await startClaimServiceUnderTest(
      'claim_int',
      [GenerationSubjects.queue, GenerationSubjects.get, AppsSubjects.get, AppsSubjects.claim, AppsSubjects.delete, UsersSubjects.mailClaimLink],
      // The first process sweeps at boot only; the specs start the sweepers they mean to watch.
      { CLAIM_SWEEP_INTERVAL_MS: '600000', SITE_URL: 'https://appgen.example' },
    );
    service.answer(GenerationSubjects.queue, (data) => {
      const id = appId();
      return { response: { job_id: `job_${id}`, app: { id, name: `App ${String(data['prompt'])}`, created_at: new Date().toISOString() } } };
    });
    service.answer(GenerationSubjects.get, () => ({ response: { status: 'completed', progress: 100, message: 'Your app is ready' } }));
    service.answer(AppsSubjects.get, (data) => ({ response: { app: { id: data['id'], name: 'Recipe box', status: 'generated', preview_url: null } } }));
    service.answer(UsersSubjects.mailClaimLink, () => ({ response: { queued: true } }));
    service.answer(AppsSubjects.delete, async (data) => {
      // Slow enough that two sweepers' transactions overlap.
      await sleep(20);
      if (failDeletes) return { err: { status: 503, body: { error: 'service_unavailable', message: 'apps-service is down' } } };
      deletes.push(String(data['id']));
      return { response: { success: true } };
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('stores only the SHA-256 of a claim token, mails the link with the token, and finds the build by the token alone', async () => {
    const created = await service.rpc.request(ClaimSubjects.create, { prompt: 'recipes', email: 'visitor@example.com', ip_hash: IP_HASH });
    expect(created.claim_token).toMatch(/^clm_[A-Za-z0-9_-]{43}$/);
    expect(created.claim_url).toBe(`https://appgen.example/claim/${created.claim_token}`);

    const stored = await row(created.app_id);
    expect(stored.token_hash).toBe(sha256(created.claim_token));
    const { rows } = await service.sql.query('SELECT * FROM anonymous_builds');
    expect(JSON.stringify(rows)).not.toContain(created.claim_token);
    expect(JSON.stringify(rows)).not.toContain(created.claim_token.slice(4));
    expect(service.sent(UsersSubjects.mailClaimLink)).toEqual([expect.objectContaining({ email: 'visitor@example.com', claim_url: created.claim_url })]);

    expect(await service.rpc.request(ClaimSubjects.findByToken, { claim_token: created.claim_token })).toEqual(expect.objectContaining({ state: 'claimable' }));
    expect((await rpcFailure(service.rpc.request(ClaimSubjects.findByToken, { claim_token: `${created.claim_token}x` }))).status).toBe(404);
    expect(service.sent(GenerationSubjects.queue)[0]).toEqual(expect.objectContaining({ caller: expect.objectContaining({ accountId: UNCLAIMED_ACCOUNT_ID }) }));
  });

  it('lets one of two claims racing for a build through and answers the other 409, moving the app once', async () => {
    const created = await service.rpc.request(ClaimSubjects.create, { prompt: 'race', ip_hash: IP_HASH });
    service.answer(AppsSubjects.claim, async (data) => {
      // The first claim holds the build's row lock while apps-service answers: the second waits on it.
      await sleep(200);
      const caller = data['caller'] as { accountId: number };
      return { response: { app: { id: data['id'], name: 'Recipe box', status: 'generated', preview_url: null, account_id: caller.accountId } } };
    });
    const outcomes = await Promise.allSettled([
      service.rpc.request(ClaimSubjects.claim, { caller: testCaller(7), id: created.app_id, claim_token: created.claim_token }),
      service.rpc.request(ClaimSubjects.claim, { caller: testCaller(8), id: created.app_id, claim_token: created.claim_token }),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((await rpcFailure(Promise.reject(lost[0]?.reason))).status).toBe(409);
    expect(service.sent(AppsSubjects.claim).filter((sent) => sent['id'] === created.app_id)).toHaveLength(1);

    const stored = await row(created.app_id);
    expect([7, 8]).toContain(stored.claimed_by);
    expect(stored.ip_hash).toBeNull();
    expect((await service.rpc.request(ClaimSubjects.findByToken, { claim_token: created.claim_token })).state).toBe('claimed');
  });

  it('deletes each expired build once when two replicas sweep together, and keeps the row so its token answers 410', async () => {
    const ids = Array.from({ length: 25 }, appId);
    for (const id of ids) await insertDue(id);
    // Each replica sweeps as it boots: both at once, over the same due rows.
    await Promise.all([service.startReplica({ CLAIM_SWEEP_INTERVAL_MS: '600000' }), service.startReplica({ CLAIM_SWEEP_INTERVAL_MS: '600000' })]);
    await until('every expired build deleted', async () => (await service.sql.query('SELECT count(*)::int AS n FROM anonymous_builds WHERE app_id = ANY($1) AND deleted_at IS NULL', [ids])).rows[0].n, (n) => n === 0);
    const asked = deletes.filter((id) => ids.includes(id));
    expect(asked.sort()).toEqual([...ids].sort());
    expect((await row(ids[0] ?? '')).ip_hash).toBeNull();
    const gone = await rpcFailure(service.rpc.request(ClaimSubjects.claim, { caller: testCaller(7), id: ids[0] ?? '', claim_token: `clm_${ids[0]}` }));
    expect(gone.status).toBe(410);
  });

  it('keeps a build whose delete failed due, tries it again later, and a restarted process finishes it', async () => {
    const id = appId();
    failDeletes = true;
    const first = await service.startProcess({ CLAIM_SWEEP_INTERVAL_MS: '100', CLAIM_DELETE_RETRY_MS: '300' });
    try {
      await insertDue(id);
      const failed = await until('a failed delete recorded', () => row(id), (stored) => stored.delete_attempts >= 2);
      expect(failed.deleted_at).toBeNull();
      expect(failed.last_error).toContain('apps-service is down');
      expect(new Date(failed.next_delete_at).getTime()).toBeGreaterThan(Date.now() - 1000);
    } finally {
      await first.close();
    }
    // The process is gone with the build still due: its state is the row, which the next process picks up.
    expect((await row(id)).deleted_at).toBeNull();
    failDeletes = false;
    const restarted = await service.startProcess({ CLAIM_SWEEP_INTERVAL_MS: '100', CLAIM_DELETE_RETRY_MS: '300' });
    try {
      const deleted = await until('the build deleted after the restart', () => row(id), (stored) => stored.deleted_at !== null);
      expect(deleted.last_error).toBeNull();
      expect(deletes.filter((each) => each === id)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
