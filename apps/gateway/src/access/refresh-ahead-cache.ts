import { BoundedTtlCache } from './bounded-ttl-cache';

/**
 * The shares of an entry's life between which it is due for a lookup again, if it was used since its last one: a
 * random point for each entry, so that entries first looked up together (a burst of new traffic, a restart) are not
 * all looked up again together, which on a small machine made a burst of lookups that other requests queued behind.
 */
export const REFRESH_AFTER_SHARES = { earliest: 0.5, latest: 0.9 } as const;

/** At most this often are due entries looked for, and at most this many lookups does one sweep start (the rest wait). */
const MAX_SWEEP_MS = 1_000;
const REFRESHES_PER_SWEEP = 50;

interface Entry<V> {
  value: V;
  refreshAt: number;
  usedSinceLookup: boolean;
}

/**
 * A BoundedTtlCache whose entries in use are looked up again before they expire, in the background: an entry used
 * since its last lookup is handed to `refresh` once it is due (on its next use, or by a sweep if it is not used
 * then), and `refresh` sets the new value when its lookup answers. Requests keep being answered from the entry
 * meanwhile, so a key in use never waits for a lookup; an entry unused for a whole life expires. One refresh per key
 * runs at a time; a refresh that fails leaves the entry to expire.
 */
export class RefreshAheadCache<V> {
  private readonly entries: BoundedTtlCache<Entry<V>>;
  /** Keys whose refresh is under way. */
  private readonly refreshing = new Set<string>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    maxEntries: number,
    private readonly refresh: (key: string, value: V) => Promise<unknown>,
  ) {
    this.entries = new BoundedTtlCache(maxEntries);
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key, now);
    if (!entry) return undefined;
    entry.usedSinceLookup = true;
    if (now >= entry.refreshAt) this.startRefresh(key, entry.value);
    return entry.value;
  }

  /** Keeps a looked-up value until `expiresAt`. */
  set(key: string, value: V, expiresAt: number, now = Date.now()): void {
    const share = REFRESH_AFTER_SHARES.earliest + Math.random() * (REFRESH_AFTER_SHARES.latest - REFRESH_AFTER_SHARES.earliest);
    this.entries.set(key, { value, refreshAt: now + (expiresAt - now) * share, usedSinceLookup: false }, expiresAt);
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V) => boolean): number {
    return this.entries.deleteWhere((entry) => predicate(entry.value));
  }

  /**
   * Looks for entries due though unused, every twentieth of `lifeMs` (the longest an entry lives) and at most every
   * second: one due at the latest share of its life is then refreshed before it expires.
   */
  startSweeping(lifeMs: number): void {
    const every = Math.max(10, Math.min(MAX_SWEEP_MS, lifeMs / 20));
    this.sweeper = setInterval(() => this.refreshDue(), every).unref();
  }

  stopSweeping(): void {
    clearInterval(this.sweeper);
  }

  private refreshDue(): void {
    const now = Date.now();
    let started = 0;
    for (const [key, entry] of this.entries.live(now)) {
      if (started >= REFRESHES_PER_SWEEP) return;
      if (!entry.usedSinceLookup || now < entry.refreshAt) continue;
      // (handed over once: its next lookup sets a fresh entry, and a lookup that fails leaves it to expire)
      entry.usedSinceLookup = false;
      if (this.startRefresh(key, entry.value)) started += 1;
    }
  }

  /** Starts the refresh of `key` unless one is under way; answers whether it started one. */
  private startRefresh(key: string, value: V): boolean {
    if (this.refreshing.has(key)) return false;
    this.refreshing.add(key);
    void this.refresh(key, value)
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(key));
    return true;
  }
}
