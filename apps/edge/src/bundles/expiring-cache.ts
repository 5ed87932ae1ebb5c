/**
 * Answers kept for a short time, so a change (visibility, a new build) applies within `ttlMs` while a
 * busy app costs one lookup per period instead of one per request. The value kept is the promise:
 * concurrent requests for one key share a single lookup, and a failed lookup is forgotten at once.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expiresAt: time + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.evict();
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
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
