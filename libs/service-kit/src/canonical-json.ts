/**
 * JSON with every object's keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` compare equal: what tells a retried
 * request from a different one under the same Idempotency-Key. Takes what JSON.parse returns; no body (undefined) is
 * the empty string, unlike a `null` body.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
  return `{${entries.join(',')}}`;
}
