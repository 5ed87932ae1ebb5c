/**
 * Answers kept for a short time, so a change (visibility, a new build) applies within `ttlMs` while a
 * busy app costs one lookup per period instead of one per request. The value kept is the promise:
 * concurrent requests for one key share a single lookup, and a failed lookup is forgotten at once.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expiresAt: number }>();

  /**
   * `keep` decides which answers are worth keeping once loaded; the others serve only the requests that
   * were waiting for them.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly keep: (value: V) => boolean = () => true,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expiresAt: time + this.ttlMs });
    const forget = (): void => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    };
    value.then((loaded) => {
      if (!this.keep(loaded)) forget();
    }, forget);
    this.evict();
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets every entry whose key matches, loads in flight included (their waiters still get them). */
  deleteWhere(matches: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Maps keep insertion order, so the first keys are the oldest. */
  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) return;
      this.entries.delete(key);
    }
  }
}
