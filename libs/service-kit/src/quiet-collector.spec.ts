import { QUIET_CHECK_MS, quietCollector } from './quiet-collector';

/** CPU time (µs) in one interval that uses this share of a core. */
const share = (fraction: number): number => fraction * QUIET_CHECK_MS * 1000;

describe('quietCollector: one collection each time the process goes quiet after work', () => {
  it('collects on the first quiet interval after boot, then not again while it stays quiet', () => {
    let collections = 0;
    const check = quietCollector(() => (collections += 1));
    expect([check(share(0.002)), check(share(0.002)), check(share(0))]).toEqual([true, false, false]);
    expect(collections).toBe(1);
  });

  it('waits for a burst of work to end, collects once, and again after the next burst', () => {
    let collections = 0;
    const check = quietCollector(() => (collections += 1));
    check(share(0)); // boot's collection
    expect([check(share(0.6)), check(share(0.9)), check(share(0.003)), check(share(0.004))]).toEqual([false, false, true, false]);
    expect([check(share(0.2)), check(share(0.005))]).toEqual([false, true]);
    expect(collections).toBe(3);
  });

  it('takes probes and scrapes for quiet, and light steady traffic for neither', () => {
    let collections = 0;
    const check = quietCollector(() => (collections += 1));
    check(share(0));
    // between the quiet and the work thresholds: not work, so nothing to give back after it
    expect([check(share(0.03)), check(share(0.002))]).toEqual([false, false]);
    expect(collections).toBe(1);
  });
});
