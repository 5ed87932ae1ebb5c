import { Counter, metricsRegistry } from '@appgen/service-kit';

/** The edge's caches, as the metric names them. */
export type EdgeCache = 'app' | 'bundle' | 'file' | 'session';

export const edgeCacheRequests = new Counter({
  name: 'appgen_edge_cache_requests_total',
  help: "Look-ups in the edge's caches by cache (app, bundle, file, session) and result (hit, miss: asked another service)",
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

/** Reads through a cache whose `get` calls `load` (at once) only on a miss, counting which it was. */
export function countedLookup<V>(cache: EdgeCache, get: (load: () => Promise<V>) => Promise<V>, load: () => Promise<V>): Promise<V> {
  let missed = false;
  const value = get(() => {
    missed = true;
    return load();
  });
  edgeCacheRequests.inc({ cache, result: missed ? 'miss' : 'hit' });
  return value;
}
