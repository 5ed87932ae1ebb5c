import { QUIET_CHECK_MS, QUIET_INTERVALS_AFTER_WORK, quietCollector } from './quiet-collector';

/** CPU time (µs) in one interval that uses this share of a core. */
const share = (fraction: number): number => fraction * QUIET_CHECK_MS * 1000;
/** What `check` answers for each interval's share, in order. */
const run = (check: (used: number) => boolean, shares: number[]): boolean[] => shares.map((fraction) => check(share(fraction)));

describe('quietCollector: the heap is handed back once the process has gone quiet after work', () => {
  it('collects at the first quiet interval after boot, then not again while it stays quiet', () => {
    let collections = 0;
    const check = quietCollector(() => (collections += 1));
    expect(run(check, [0.002, 0.002, 0, 0.001])).toEqual([true, false, false, false]);
    expect(collections).toBe(1);
  });

  it('after later work, waits for a minute of quiet: a short lull between bursts keeps what V8 learnt', () => {
    let collections = 0;
    const check = quietCollector(() => (collections += 1));
    check(share(0)); // boot's collection
    const lull = Array<number>(QUIET_INTERVALS_AFTER_WORK - 1).fill(0.003);
    expect(run(check, [0.6, ...lull, 0.9]).some(Boolean)).toBe(false);
    const minute = Array<number>(QUIET_INTERVALS_AFTER_WORK).fill(0.003);
    expect(run(check, minute)).toEqual([...Array<boolean>(QUIET_INTERVALS_AFTER_WORK - 1).fill(false), true]);
    expect(collections).toBe(2);
  });

  it('takes probes, scrapes and idle polling for quiet, and light steady traffic for neither', () => {
    let collections = 0;
    const check = quietCollector(() => (collections += 1));
    expect(run(check, [0.03, 0.015])).toEqual([false, true]);
    // between the quiet and the work thresholds: not work, so there is nothing to give back after it
    expect(run(check, [0.03, ...Array<number>(QUIET_INTERVALS_AFTER_WORK + 1).fill(0.002)]).some(Boolean)).toBe(false);
    expect(collections).toBe(1);
  });
});
