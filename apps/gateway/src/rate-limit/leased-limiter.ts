import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { BoundedTtlCache } from '../access/bounded-ttl-cache';
import { rateLimitDecision, type RateLimitDecision } from './rate-limit-headers';

/** A replica takes at most this share of a window's limit from Redis at once (see leaseCap). */
export const LEASE_SHARE_OF_LIMIT = 0.01;
const MAX_TRACKED_KEYS = 10_000;

/**
 * Takes up to ARGV[1] tokens from the window counted at KEYS[1] (limit ARGV[2], window ARGV[3] ms), never past the
 * limit: answers the count after taking, the tokens taken and the ms left in the window. The counter is the one
 * rate-limiter-flexible keeps (a number with the window's expiry, set on its first token), so gateways of either
 * kind share it during a rolling deploy.
 */
const LEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), math.max(0, tonumber(ARGV[2]) - count))
if grant > 0 then count = redis.call('INCRBY', KEYS[1], grant) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  ttl = tonumber(ARGV[3])
elseif ttl == -2 then
  ttl = tonumber(ARGV[3])
end
return {count, grant, ttl}`;

type LeaseReply = [count: number, granted: number, ttlMs: number];
type LeasingRedis = Redis & { appgenLeaseTokens(key: string, wanted: number, limit: number, windowMs: number): Promise<LeaseReply> };

/** This replica's share of one key's current window. */
interface Lease {
  /** When the window ends, by this replica's clock, never later than Redis lets it live. */
  endsAt: number;
  /** Tokens taken from Redis and not yet used here. */
  tokens: number;
  /** The window's shared count when this replica last took tokens (its unused ones included). */
  count: number;
  /** Tokens to ask for ahead of need next time. */
  ahead: number;
  /** Requests waiting for the tokens being taken. */
  waiting: number;
  /** Redis had no token left: every request is refused until the window ends. */
  full: boolean;
  /** Tokens being taken: requests arriving meanwhile wait for them rather than asking again. */
  taking?: Promise<void>;
}

/**
 * A fixed-window limit shared by every replica through one Redis counter per key, which a replica does not ask on
 * every request: it takes tokens in leases and hands them out from memory. A lease starts at one token (exactly one
 * round trip per request, as without leases) and doubles each time one is used up within the window, up to
 * leaseCap(limit): only a key in steady use is leased ahead. Once a steady lease is down to under a quarter, the next
 * is taken in the background, so such a key never waits on Redis. A lease is taken before it is used and never past
 * the limit, so the replicas together never let more than the limit through in a window; what a replica still holds
 * (at most mostHeld(limit)) is counted as used, so another replica may refuse a key up to (replicas − 1) ×
 * (mostHeld − 1) requests early (about 1.2% of the limit per other replica; none at all for limits under 200) and its
 * X-RateLimit-Remaining is as much lower. Once Redis says the window is full, this replica refuses the key until the
 * window ends without asking again.
 *
 * Should Redis be unreachable, each replica counts alone in memory (`insurance`) until it is back; tokens
 * already leased are still used.
 */
export class LeasedLimiter {
  private readonly leases = new BoundedTtlCache<Lease>(MAX_TRACKED_KEYS);
  private readonly insurance: RateLimiterMemory;
  private readonly windowMs: number;
  private readonly cap: number;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    readonly limit: number,
    windowSeconds: number,
    private readonly onRedisFailure: (error: unknown) => void,
  ) {
    this.windowMs = windowSeconds * 1000;
    this.cap = leaseCap(limit);
    this.insurance = new RateLimiterMemory({ keyPrefix, points: limit, duration: windowSeconds });
    if (!('appgenLeaseTokens' in redis)) redis.defineCommand('appgenLeaseTokens', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  }

  /** Counts one request for `key`: answered from memory while this replica holds tokens or knows the window is full. */
  consume(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    const now = Date.now();
    const lease = this.leases.get(key, now);
    if (lease) {
      if (lease.tokens > 0) {
        lease.tokens -= 1;
        // Under a quarter of a steady lease left: the next is taken now, so that a key in steady use never waits on Redis.
        if (lease.ahead > 1 && lease.tokens * 4 < lease.ahead && !lease.taking && !lease.full) this.refill(key, lease, now);
        return rateLimitDecision(this.limit, { remainingPoints: this.limit - lease.count + lease.tokens, msBeforeNext: lease.endsAt - now }, true, now);
      }
      if (lease.full) return rateLimitDecision(this.limit, { remainingPoints: 0, msBeforeNext: lease.endsAt - now }, false, now);
      if (lease.taking) {
        lease.waiting += 1;
        return lease.taking.then(() => {
          lease.waiting -= 1;
          return this.consume(key);
        });
      }
    }
    return this.take(key, lease, now);
  }

  private async take(key: string, previous: Lease | undefined, now: number): Promise<RateLimitDecision> {
    // A lease used up within its window is followed by a larger one; a new window starts again at one token. Requests
    // already waiting are given theirs in the same lease: tokens used at once are not held ahead, so they cost no accuracy.
    const lease: Lease = previous ?? { endsAt: now + this.windowMs, tokens: 0, count: 0, ahead: 1, waiting: 0, full: false };
    const size = Math.max(lease.ahead, lease.waiting + 1);
    let settle = (): void => undefined;
    lease.taking = new Promise<void>((resolve) => (settle = resolve));
    this.leases.set(key, lease, lease.endsAt);
    try {
      if (this.redis.status !== 'ready') return await this.fromInsurance(key);
      let reply: LeaseReply;
      try {
        reply = await (this.redis as LeasingRedis).appgenLeaseTokens(`${this.keyPrefix}:${key}`, size, this.limit, this.windowMs);
      } catch (error) {
        this.onRedisFailure(error);
        return await this.fromInsurance(key);
      }
      const [count, granted, ttlMs] = reply;
      // Measured from before the question was sent, so this replica's window never outlives Redis's.
      lease.endsAt = now + ttlMs;
      lease.count = count;
      lease.tokens = granted;
      lease.full = granted < size;
      lease.ahead = Math.min(this.cap, lease.ahead * 2);
      this.leases.set(key, lease, lease.endsAt);
      const at = Date.now();
      if (lease.tokens === 0) return rateLimitDecision(this.limit, { remainingPoints: 0, msBeforeNext: lease.endsAt - at }, false, at);
      lease.tokens -= 1;
      return rateLimitDecision(this.limit, { remainingPoints: this.limit - lease.count + lease.tokens, msBeforeNext: lease.endsAt - at }, true, at);
    } finally {
      lease.taking = undefined;
      settle();
    }
  }

  /** Takes the next lease while this one still has tokens; a failure is left to the request that finds none. */
  private refill(key: string, lease: Lease, now: number): void {
    if (this.redis.status !== 'ready') return;
    const size = lease.ahead;
    let settle = (): void => undefined;
    lease.taking = new Promise<void>((resolve) => (settle = resolve));
    (this.redis as LeasingRedis)
      .appgenLeaseTokens(`${this.keyPrefix}:${key}`, size, this.limit, this.windowMs)
      .then(
        ([count, granted, ttlMs]) => {
          const current = this.leases.get(key, Date.now());
          if (current !== undefined && current !== lease) return; // a new window's lease took its place meanwhile
          // The counter held nothing before: a new window, where the old window's tokens count for nothing.
          lease.tokens = count === granted ? granted : lease.tokens + granted;
          lease.count = count;
          lease.endsAt = now + ttlMs;
          lease.full = granted < size;
          lease.ahead = Math.min(this.cap, lease.ahead * 2);
          this.leases.set(key, lease, lease.endsAt);
        },
        (error: unknown) => this.onRedisFailure(error),
      )
      .finally(() => {
        lease.taking = undefined;
        settle();
      });
  }

  private async fromInsurance(key: string): Promise<RateLimitDecision> {
    try {
      return rateLimitDecision(this.limit, await this.insurance.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rateLimitDecision(this.limit, rejection, false);
      throw rejection;
    }
  }
}

/** The most tokens one lease takes: 1% of the limit, at least one (so limits under 200 are counted exactly). */
export function leaseCap(limit: number): number {
  return Math.max(1, Math.floor(limit * LEASE_SHARE_OF_LIMIT));
}

/**
 * The most tokens a replica holds unused: a lease, and under a quarter of one when the next is taken. So many
 * requests, less one, may another replica refuse before the limit.
 */
export function mostHeld(limit: number): number {
  const cap = leaseCap(limit);
  return cap === 1 ? 1 : cap + Math.ceil(cap / 4) - 1;
}
