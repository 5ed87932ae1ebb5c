import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  let now = 0;
  const clock = (): number => now;

  beforeEach(() => {
    now = 1_000;
  });

  it('answers from memory within the TTL and asks again after it', async () => {
    const cache = new ExpiringCache<string, string>(2000, 10, clock);
    let calls = 0;
    const load = async (): Promise<string> => `v${++calls}`;
    expect(await cache.get('a', load)).toBe('v1');
    now += 1999;
    expect(await cache.get('a', load)).toBe('v1');
    now += 1;
    expect(await cache.get('a', load)).toBe('v2');
  });

  it('shares one lookup between concurrent requests', async () => {
    const cache = new ExpiringCache<string, number>(2000, 10, clock);
    let calls = 0;
    const load = (): Promise<number> => new Promise((resolve) => setTimeout(() => resolve(++calls), 5));
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it('keeps a null answer (nothing there) but forgets a failure at once', async () => {
    const cache = new ExpiringCache<string, string | null>(2000, 10, clock);
    expect(await cache.get('gone', async () => null)).toBeNull();
    expect(await cache.get('gone', async () => 'late')).toBeNull();

    await expect(cache.get('flaky', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('flaky', async () => 'back')).toBe('back');
  });

  it('does not keep answers `keep` turns down, but shares them with requests already waiting', async () => {
    const cache = new ExpiringCache<string, string | null>(2000, 10, clock, (value) => value !== null);
    let calls = 0;
    const notYet = (): Promise<string | null> => new Promise((resolve) => setTimeout(() => resolve(++calls > 1 ? 'built' : null), 5));
    expect(await Promise.all([cache.get('preview', notYet), cache.get('preview', notYet)])).toEqual([null, null]);
    expect(calls).toBe(1);
    expect(await cache.get('preview', notYet)).toBe('built');
    expect(await cache.get('preview', notYet)).toBe('built');
    expect(calls).toBe(2);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new ExpiringCache<string, string>(60_000, 2, clock);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a again')).toBe('a again');
  });

  it('forgets a deleted key', async () => {
    const cache = new ExpiringCache<string, string>(60_000, 10, clock);
    await cache.get('a', async () => 'old');
    cache.delete('a');
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });
});
