import { MemoryIdempotencyStore, parseEntry, type StoredResponse } from './idempotency.store';

const created: StoredResponse = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"app":{"id":"a1"}}' };

describe('in-process idempotency store', () => {
  it('lets exactly one request claim a key, then shows the others the claim and later the response', async () => {
    const store = new MemoryIdempotencyStore();
    const outcomes = await Promise.all([1, 2, 3].map(() => store.begin('acct:1:k', 'fp', 60_000)));
    const claims = outcomes.filter((o) => o.kind === 'claimed');
    expect(claims).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'existing').map((o) => o.kind === 'existing' && o.entry.state)).toEqual(['in_flight', 'in_flight']);

    const token = claims[0]?.kind === 'claimed' ? claims[0].token : '';
    await store.complete('acct:1:k', token, 'fp', created, 60_000);
    expect(await store.begin('acct:1:k', 'fp', 60_000)).toEqual({ kind: 'existing', entry: { state: 'completed', token, fingerprint: 'fp', response: created } });
  });

  it('frees a released key for the next request, but only for the request holding the claim', async () => {
    const store = new MemoryIdempotencyStore();
    const first = await store.begin('k', 'fp', 60_000);
    await store.release('k', 'someone-else');
    expect((await store.begin('k', 'fp', 60_000)).kind).toBe('existing');
    await store.release('k', first.kind === 'claimed' ? first.token : '');
    expect((await store.begin('k', 'fp', 60_000)).kind).toBe('claimed');
  });

  it('does not let a request whose claim expired overwrite the request that claimed the key after it', async () => {
    const store = new MemoryIdempotencyStore();
    const late = await store.begin('k', 'fp', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const current = await store.begin('k', 'fp', 60_000);
    expect(current.kind).toBe('claimed');
    await store.complete('k', late.kind === 'claimed' ? late.token : '', 'fp', created, 60_000);
    expect(await store.begin('k', 'fp', 60_000)).toMatchObject({ kind: 'existing', entry: { state: 'in_flight' } });
  });

  it('stays within its bound', async () => {
    const store = new MemoryIdempotencyStore(2);
    for (const key of ['a', 'b', 'c']) await store.begin(key, 'fp', 60_000);
    expect((await store.begin('a', 'fp', 60_000)).kind).toBe('claimed');
  });
});

describe('stored entries', () => {
  it('read back what was written and refuse anything else', () => {
    const entry = { state: 'completed', token: 't', fingerprint: 'f', response: created };
    expect(parseEntry(JSON.stringify(entry))).toEqual(entry);
    expect(parseEntry(JSON.stringify({ state: 'in_flight', token: 't', fingerprint: 'f' }))).toEqual({ state: 'in_flight', token: 't', fingerprint: 'f' });
    expect(parseEntry('not json')).toBeUndefined();
    expect(parseEntry(JSON.stringify({ state: 'completed', token: 't', fingerprint: 'f', response: { status: '201', headers: {}, body: '' } }))).toBeUndefined();
    expect(parseEntry(JSON.stringify({ state: 'other', token: 't', fingerprint: 'f' }))).toBeUndefined();
  });
});
