/**
 * Work (booting, a burst of requests) grows V8's heap and young generation, and V8 keeps the pages afterwards: an
 * idle process does not collect again. On Node 24 the gateway idled at 125 to 135 MB after boot, and at 140 to 160
 * after a burst, against 110 when its garbage is collected. So each process, once it has gone quiet after work, runs
 * one last-resort collection, which frees the garbage and also hands the emptied pages back to the system (a regular
 * `gc()` lowered the heap but not the resident memory). A last-resort collection also drops what V8 learnt of the
 * running code, so the next requests run cold: after boot it runs at the first quiet interval, after later work
 * only once the process has been quiet for a minute, not in every lull between bursts (run after 10 s lulls, it
 * tripled the gateway's p99 in gateway-read). It needs `--expose-gc`, which the image and the local runner pass
 * (NODE_FLAGS); without it nothing is done.
 */

/** How often a process looks at how busy it was. */
export const QUIET_CHECK_MS = 5_000;
/** Quiet intervals in a row after work (boot aside) before the heap is handed back: a minute. */
export const QUIET_INTERVALS_AFTER_WORK = 12;
/** Share of one core over which an interval counts as work. */
export const WORK_SHARE = 0.05;
/** Share of one core under which an interval counts as quiet: probes, scrapes and idle polling (generation-service: about 1.2 %) stay under it. */
export const QUIET_SHARE = 0.02;

/** V8's `gc()` with its options (see `--expose-gc`). */
type ExposedGc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * The decision, given the CPU time (µs) a process used in each interval: collect once quiet for long enough after
 * work: one interval after boot (a process starts having worked), QUIET_INTERVALS_AFTER_WORK after later work.
 */
export function quietCollector(collect: () => void, intervalMs = QUIET_CHECK_MS): (usedMicros: number) => boolean {
  let worked = true;
  let booted = false;
  let quietFor = 0;
  return (usedMicros) => {
    const share = usedMicros / 1000 / intervalMs;
    if (share > WORK_SHARE) {
      worked = true;
      quietFor = 0;
      return false;
    }
    quietFor = share < QUIET_SHARE ? quietFor + 1 : 0;
    if (!worked || quietFor < (booted ? QUIET_INTERVALS_AFTER_WORK : 1)) return false;
    worked = false;
    booted = true;
    collect();
    return true;
  };
}

/** Starts watching the process (an unref'd timer); does nothing when `gc` is not exposed. */
export function collectGarbageWhenQuiet(): void {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (!gc) return;
  const check = quietCollector(() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
  let last = process.cpuUsage();
  setInterval(() => {
    const used = process.cpuUsage(last);
    check(used.user + used.system);
    // read after the check: a collection's own CPU time is not work
    last = process.cpuUsage();
  }, QUIET_CHECK_MS).unref();
}
