/**
 * Least-recently-used entries bounded by count and by total weight (bytes), for bundle files: a build
 * never changes, so an entry is valid until it is pushed out by newer traffic.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Re-inserting moves the key to the end: the Map's order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: K, value: V): void {
    const weight = this.weigh(value);
    this.remove(key);
    // A value heavier than the whole cache would only push everything else out for nothing.
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.totalWeight <= this.maxWeight) break;
      this.remove(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  private remove(key: K): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    this.totalWeight -= hit.weight;
  }
}
