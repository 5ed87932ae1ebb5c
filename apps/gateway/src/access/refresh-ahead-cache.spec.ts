import { setTimeout as sleep } from 'node:timers/promises';
import { REFRESH_AFTER_SHARES, RefreshAheadCache } from './refresh-ahead-cache';

describe('RefreshAheadCache', () => {
  it('hands a used entry to its refresh once due, and keeps answering from it meanwhile', () => {
    const due: string[] = [];
    const cache = new RefreshAheadCache<number>(10, async (key) => void due.push(key));
    cache.set('a', 1, 1_000, 0);
    expect(cache.get('a', 1_000 * REFRESH_AFTER_SHARES.earliest - 1)).toBe(1);
    expect(due).toEqual([]);
    expect(cache.get('a', 1_000 * REFRESH_AFTER_SHARES.latest)).toBe(1);
    expect(due).toEqual(['a']);
    // (one refresh of a key at a time: another use while it runs starts none)
    expect(cache.get('a', 1_000 * REFRESH_AFTER_SHARES.latest + 1)).toBe(1);
    expect(due).toEqual(['a']);
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('spreads the refreshes of entries looked up together over the due window', () => {
    const firstDue = new Map<string, number>();
    let now = 0;
    const cache = new RefreshAheadCache<number>(1_000, async (key) => void (firstDue.has(key) || firstDue.set(key, now)));
    for (let i = 0; i < 200; i += 1) cache.set(`k${i}`, i, 10_000, 0);
    // every entry in use, read every 100 ms of its life
    for (now = 0; now < 10_000; now += 100) for (let i = 0; i < 200; i += 1) cache.get(`k${i}`, now);
    const moments = [...firstDue.values()];
    expect(moments).toHaveLength(200);
    expect(Math.min(...moments)).toBeGreaterThanOrEqual(10_000 * REFRESH_AFTER_SHARES.earliest);
    expect(Math.max(...moments)).toBeLessThanOrEqual(10_000 * REFRESH_AFTER_SHARES.latest + 100);
    expect(new Set(moments).size).toBeGreaterThan(10);
  });

  it('refreshes an entry used since its lookup though it is not used again, and lets an unused one expire', async () => {
    const due: string[] = [];
    const cache = new RefreshAheadCache<number>(10, async (key) => void due.push(key));
    const now = Date.now();
    cache.set('used', 1, now + 400, now);
    cache.set('idle', 2, now + 400, now);
    cache.get('used', now);
    cache.startSweeping(400);
    try {
      await sleep(400);
      expect(due).toEqual(['used']);
    } finally {
      cache.stopSweeping();
    }
  });
});
