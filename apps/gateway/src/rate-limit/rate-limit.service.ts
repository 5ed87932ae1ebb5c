import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ANONYMOUS_BUILD_RATE_LIMITS, CLAIM_RATE_LIMITS, PLAN_RATE_LIMITS, type Caller, type Plan, type WindowLimit } from '@appgen/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { redisReady } from '../redis/redis-ready';
import { hashClientIp } from './client-ip';
import { LeasedLimiter } from './leased-limiter';
import { RATE_LIMIT_WINDOW_SECONDS, rateLimitDecision, type RateLimitDecision } from './rate-limit-headers';

interface Limiter {
  limit: number;
  limiter: RateLimiterAbstract;
}

/** A plan's per-account limit: leased from Redis when there is one (LeasedLimiter), else counted in memory. */
interface PlanLimiter {
  limit: number;
  consume(key: string): RateLimitDecision | Promise<RateLimitDecision>;
}

/** The window of the OAuth client-registration limit: registrations are rare, and each one is stored. */
export const REGISTRATION_WINDOW_SECONDS = 3600;

/** How often a failing lease is logged: every request would try again. */
const LEASE_FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Counts requests per account (at its plan's rate) and per client IP (without a credential) in
 * fixed one-minute windows, and OAuth client registrations per client IP in one-hour windows. With REDIS_URL every
 * replica shares the counters: the per-account ones, which every authenticated request passes, through leases of
 * tokens (LeasedLimiter: a round trip per lease rather than per request, within the tolerance it states), the
 * others with one Redis round trip per request. Should Redis fail, each replica falls back to its own in-memory
 * counters until it is back.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly redis?: Redis;
  private readonly byPlan: Record<Plan, PlanLimiter>;
  private readonly anonymous: Limiter;
  private readonly registrations: Limiter;
  /** Contract section 8: POST /anonymous_builds, and the claim page with the programmatic claim, per client IP */
  private readonly builds: Limiter[];
  private readonly claims: Limiter[];
  private readonly ipHashKey: Buffer;
  private redisDown = false;
  private leaseFailureLoggedAt = -Infinity;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.ipHashKey = config.ipHashKey;
    if (config.REDIS_URL) {
      // No offline queue: while Redis is unreachable a command fails at once and the insurance limiter answers.
      // Auto-pipelining sends the counters of concurrent requests in one write: far fewer syscalls under load.
      const redis = new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        enableAutoPipelining: true,
        maxRetriesPerRequest: 1,
        connectionName: 'appgen-gateway',
      });
      redis.on('error', (error: Error) => {
        if (!this.redisDown) this.logger.warn(`Redis unavailable, counting in memory until it is back: ${error.message}`);
        this.redisDown = true;
      });
      redis.on('ready', () => {
        if (this.redisDown) this.logger.log('Redis is back; rate-limit counters are shared again');
        this.redisDown = false;
      });
      this.redis = redis;
    }
    const prefix = `${config.REDIS_KEY_PREFIX}:ratelimit`;
    const limiter = (name: string, limit: number, duration = RATE_LIMIT_WINDOW_SECONDS): Limiter => {
      const options = { keyPrefix: `${prefix}:${name}`, points: limit, duration };
      const memory = new RateLimiterMemory(options);
      if (!this.redis) return { limit, limiter: memory };
      return {
        limit,
        limiter: new RateLimiterRedis({ ...options, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter: memory }),
      };
    };
    const forPlan = (plan: Plan): PlanLimiter => {
      const limit = PLAN_RATE_LIMITS[plan];
      if (this.redis) return new LeasedLimiter(this.redis, `${prefix}:plan-${plan}`, limit, RATE_LIMIT_WINDOW_SECONDS, (error) => this.leaseFailed(error));
      const { limiter: memory } = limiter(`plan-${plan}`, limit);
      return { limit, consume: (key) => this.consume({ limit, limiter: memory }, key) };
    };
    this.byPlan = { free: forPlan('free'), pro: forPlan('pro'), enterprise: forPlan('enterprise') };
    this.anonymous = limiter('ip', config.ANONYMOUS_RATE_LIMIT);
    this.registrations = limiter('oauth-register', config.OAUTH_REGISTRATION_RATE_LIMIT, REGISTRATION_WINDOW_SECONDS);
    const windows = (name: string, limits: readonly WindowLimit[]): Limiter[] =>
      limits.map(({ limit, windowSeconds }) => limiter(`${name}-${windowSeconds}s`, limit, windowSeconds));
    this.builds = windows('anonymous-build', ANONYMOUS_BUILD_RATE_LIMITS);
    this.claims = windows('claim', CLAIM_RATE_LIMITS);
  }

  async onModuleInit(): Promise<void> {
    if (this.redis) await redisReady(this.redis);
  }

  /** Answered from memory for most requests of an account in steady use (LeasedLimiter). */
  forCaller(caller: Caller): RateLimitDecision | Promise<RateLimitDecision> {
    return this.byPlan[caller.plan].consume(String(caller.accountId));
  }

  /** Only a keyed hash of the IP is ever stored (contract section 5). */
  forClientIp(ip: string): Promise<RateLimitDecision> {
    return this.consume(this.anonymous, this.ipKey(ip));
  }

  /** One more OAuth client registration from this IP, counted on top of forClientIp. */
  forRegistration(ip: string): Promise<RateLimitDecision> {
    return this.consume(this.registrations, this.ipKey(ip));
  }

  /** One more anonymous build from this IP: 1 a minute, 3 an hour, 10 a day (contract section 8). */
  forAnonymousBuild(ip: string): Promise<RateLimitDecision> {
    return this.consumeAll(this.builds, this.ipKey(ip));
  }

  /** One more claim page view or claim from this IP: 3 a minute, 20 an hour, 50 a day, shared (contract section 8). */
  forClaim(ip: string): Promise<RateLimitDecision> {
    return this.consumeAll(this.claims, this.ipKey(ip));
  }

  /** What the gateway keeps of a client IP (hashClientIp), for anonymous builds to record. */
  clientIpHash(ip: string): string {
    return hashClientIp(ip, this.ipHashKey);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis && this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis?.disconnect());
  }

  /**
   * Counts one request in every window. Refused when any window is full (and then counted in none): the answer is that window's (the longest
   * wait, if several); allowed, the window with the least left, so the headers say what will refuse first.
   */
  private async consumeAll(limiters: readonly Limiter[], key: string): Promise<RateLimitDecision> {
    const decisions = await Promise.all(limiters.map((limiter) => this.consume(limiter, key)));
    const refused = decisions.filter((decision) => !decision.allowed).sort((a, b) => b.retryAfter - a.retryAfter);
    if (refused[0]) {
      // A refused request is no build: the windows that counted it give the point back, so waiting out the
      // minute window does not find the hour's spent by refusals.
      await Promise.all(limiters.filter((_, index) => decisions[index]?.allowed).map(({ limiter }) => limiter.reward(key, 1).catch(() => undefined)));
      return refused[0];
    }
    return [...decisions].sort((a, b) => a.remaining - b.remaining || b.resetAt - a.resetAt)[0] as RateLimitDecision;
  }

  private leaseFailed(error: unknown): void {
    const now = Date.now();
    if (this.redisDown || now - this.leaseFailureLoggedAt < LEASE_FAILURE_LOG_INTERVAL_MS) return;
    this.leaseFailureLoggedAt = now;
    this.logger.warn(`leasing rate-limit tokens from Redis failed, counting in memory: ${error instanceof Error ? error.message : String(error)}`);
  }

  private ipKey(ip: string): string {
    return hashClientIp(ip, this.ipHashKey);
  }

  private async consume({ limit, limiter }: Limiter, key: string): Promise<RateLimitDecision> {
    try {
      return rateLimitDecision(limit, await limiter.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rateLimitDecision(limit, rejection, false);
      throw rejection;
    }
  }
}
