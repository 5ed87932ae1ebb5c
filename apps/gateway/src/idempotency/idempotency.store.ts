import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { BoundedTtlCache } from '../access/bounded-ttl-cache';

/** The parts of a first response that a replay repeats. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What is kept under one scoped key: a claim while the first request runs, then its response.
 * `token` identifies the request that claimed the key, so a request whose claim expired and was
 * taken over cannot overwrite or release the newer one.
 */
export type IdempotencyEntry =
  | { state: 'in_flight'; token: string; fingerprint: string }
  | { state: 'completed'; token: string; fingerprint: string; response: StoredResponse };

export type BeginOutcome = { kind: 'claimed'; token: string } | { kind: 'existing'; entry: IdempotencyEntry };

export interface IdempotencyStore {
  /** Claims `key` for a request with `fingerprint` unless something is already stored there (atomic). */
  begin(key: string, fingerprint: string, inFlightTtlMs: number): Promise<BeginOutcome>;
  /** Stores the response under the claim `token` holds (a no-op if another request now holds the key). */
  complete(key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
  /** Drops the claim `token` holds, so the next request with this key runs. */
  release(key: string, token: string): Promise<void>;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');
}

/** Reads an entry back from its JSON form, refusing anything this code did not write. */
export function parseEntry(text: string): IdempotencyEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { state, token, fingerprint, response } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof fingerprint !== 'string') return undefined;
  if (state === 'in_flight') return { state, token, fingerprint };
  if (state !== 'completed' || typeof response !== 'object' || response === null) return undefined;
  const { status, headers, body } = response as Record<string, unknown>;
  if (typeof status !== 'number' || typeof body !== 'string' || !isStringRecord(headers)) return undefined;
  return { state, token, fingerprint, response: { status, headers, body } };
}

/** One gateway process on its own: bounded, so a flood of distinct keys cannot exhaust memory. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries: BoundedTtlCache<IdempotencyEntry>;

  constructor(maxEntries = 10_000) {
    this.entries = new BoundedTtlCache(maxEntries);
  }

  begin(key: string, fingerprint: string, inFlightTtlMs: number): Promise<BeginOutcome> {
    const entry = this.entries.get(key);
    if (entry) return Promise.resolve({ kind: 'existing', entry });
    const token = randomUUID();
    this.entries.set(key, { state: 'in_flight', token, fingerprint }, Date.now() + inFlightTtlMs);
    return Promise.resolve({ kind: 'claimed', token });
  }

  complete(key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry || entry.token === token) {
      this.entries.set(key, { state: 'completed', token, fingerprint, response }, Date.now() + ttlMs);
    }
    return Promise.resolve();
  }

  release(key: string, token: string): Promise<void> {
    if (this.entries.get(key)?.token === token) this.entries.delete(key);
    return Promise.resolve();
  }
}

// Each script reads and writes in one step, so two replicas can never both claim a key.
/** Returns the stored entry, or nil after storing ARGV[1] as the claim. */
const BEGIN_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then return current end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;
/** Stores ARGV[2] unless another request's entry (token other than ARGV[1]) is there. */
const COMPLETE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).token ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;
/** Deletes the entry if it is still the claim of token ARGV[1]. */
const RELEASE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).token == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Shared by every gateway replica; keys are `<prefix><scope>:<sha256 of the Idempotency-Key>`. */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async begin(key: string, fingerprint: string, inFlightTtlMs: number): Promise<BeginOutcome> {
    const token = randomUUID();
    const claim: IdempotencyEntry = { state: 'in_flight', token, fingerprint };
    const current = await this.redis.eval(BEGIN_SCRIPT, 1, this.prefix + key, JSON.stringify(claim), String(inFlightTtlMs));
    if (current === null) return { kind: 'claimed', token };
    const entry = typeof current === 'string' ? parseEntry(current) : undefined;
    if (!entry) throw new Error(`unreadable idempotency entry under ${this.prefix}${key}`);
    return { kind: 'existing', entry };
  }

  async complete(key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void> {
    const entry: IdempotencyEntry = { state: 'completed', token, fingerprint, response };
    await this.redis.eval(COMPLETE_SCRIPT, 1, this.prefix + key, token, JSON.stringify(entry), String(ttlMs));
  }

  async release(key: string, token: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key, token);
  }
}
