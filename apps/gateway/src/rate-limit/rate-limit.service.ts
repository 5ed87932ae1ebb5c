import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { PLAN_RATE_LIMITS, type Caller, type Plan } from '@appgen/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { redisReady } from '../redis/redis-ready';
import { RATE_LIMIT_WINDOW_SECONDS, rateLimitDecision, type RateLimitDecision } from './rate-limit-headers';

interface Limiter {
  limit: number;
  limiter: RateLimiterAbstract;
}

/** The window of the OAuth client-registration limit: registrations are rare, and each one is stored. */
export const REGISTRATION_WINDOW_SECONDS = 3600;

/**
 * Counts requests per account (at its plan's rate) and per client IP (without a credential) in
 * fixed one-minute windows, and OAuth client registrations per client IP in one-hour windows. With REDIS_URL every replica shares the counters (one Redis round trip
 * per request); should Redis fail, each replica falls back to its own in-memory counters until it is back.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly redis?: Redis;
  private readonly byPlan: Record<Plan, Limiter>;
  private readonly anonymous: Limiter;
  private readonly registrations: Limiter;
  private redisDown = false;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
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
    const forPlan = (plan: Plan): Limiter => limiter(`plan-${plan}`, PLAN_RATE_LIMITS[plan]);
    this.byPlan = { free: forPlan('free'), pro: forPlan('pro'), enterprise: forPlan('enterprise') };
    this.anonymous = limiter('ip', config.ANONYMOUS_RATE_LIMIT);
    this.registrations = limiter('oauth-register', config.OAUTH_REGISTRATION_RATE_LIMIT, REGISTRATION_WINDOW_SECONDS);
  }

  async onModuleInit(): Promise<void> {
    if (this.redis) await redisReady(this.redis);
  }

  forCaller(caller: Caller): Promise<RateLimitDecision> {
    return this.consume(this.byPlan[caller.plan], String(caller.accountId));
  }

  /** Only a hash of the IP is ever stored (contract section 5). */
  forClientIp(ip: string): Promise<RateLimitDecision> {
    return this.consume(this.anonymous, ipKey(ip));
  }

  /** One more OAuth client registration from this IP, counted on top of forClientIp. */
  forRegistration(ip: string): Promise<RateLimitDecision> {
    return this.consume(this.registrations, ipKey(ip));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis && this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis?.disconnect());
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

function ipKey(ip: string): string {
  return createHash('sha256').update(ip).digest('hex');
}
