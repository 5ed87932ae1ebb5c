/**
 * A size-bounded map whose entries expire: least recently used entries go first when full, so a
 * flood of distinct keys cannot grow memory without bound.
 *
 * Recency is kept by moving an entry to the end of the map, but only once at least half the capacity of newer
 * entries came after it: the caches on every request's path (credentials, rate-limit leases, users counts) are read
 * far more often than written, and a move on every read was a measurable part of a cached request. An entry read at
 * least once per half a capacity of writes is never the one dropped.
 */
export class BoundedTtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; movedAt: number }>();
  /** Counts insertions and moves: the age of an entry's place in the map. */
  private clock = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (this.clock - entry.movedAt >= this.maxEntries / 2) {
      // most recently used moves to the end
      this.entries.delete(key);
      entry.movedAt = ++this.clock;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt, movedAt: ++this.clock });
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  /** Each entry not yet expired at `now`, with its key (expired ones are dropped on the way). */
  *live(now = Date.now()): IterableIterator<[string, V]> {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
      else yield [key, entry.value];
    }
  }

  deleteWhere(predicate: (value: V) => boolean): number {
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (predicate(entry.value)) {
        this.entries.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  clear(): void {
    this.entries.clear();
  }
}
