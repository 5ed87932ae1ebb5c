import { createHash, hkdfSync } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { redisReady } from '../redis/redis-ready';
import { dispositionOf, REPLAYED_RESPONSE_HEADERS } from './idempotency-key';
import { MemoryIdempotencyStore, RedisIdempotencyStore, type IdempotencyStore, type StoredResponse } from './idempotency.store';
import { IDEMPOTENCY_KEY_TTL_MS } from '@appgen/contracts';
import { AppgenError, objectSlot, openSecret, sealSecret } from '@appgen/service-kit';

/** How long a claim outlives a request that never finishes (a crashed replica); at least one minute. */
const MIN_IN_FLIGHT_TTL_MS = 60_000;

/** A key this request claimed and must either fill with its response or release. */
interface Claim {
  key: string;
  token: string;
  fingerprint: string;
}

/**
 * The key a stored response is sealed under (derived from SECRETS_KEY, the same on every replica): a response may
 * hold what appgen otherwise keeps only hashed or encrypted (a raw API key, a claim token, a webhook secret), and
 * it waits 24 hours in Redis for a replay.
 */
export function storedResponseKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'appgen gateway idempotent responses', 32));
}

/** What the request should get, decided before it runs. */
export type IdempotencyDecision = { kind: 'run' } | { kind: 'replay'; response: StoredResponse };

/** The parts of Fastify's reply the recorder reads. */
export interface FinishedReply {
  statusCode: number;
  getHeader(name: string): unknown;
}

/**
 * Stripe-style idempotency for every POST: the first request with a key claims it, its response is
 * kept 24 hours and replayed to repeats; a repeat while it runs is 409, another body under the
 * key 422. With REDIS_URL the keys are shared by every replica; should Redis fail, requests run
 * without the guarantee (logged) rather than every POST being refused.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private readonly redis?: Redis;
  private readonly store: IdempotencyStore;
  private readonly inFlightTtlMs: number;
  private readonly claims = objectSlot<Claim>('appgen.idempotency-claim');
  private readonly sealKey: Buffer;
  private storeFailing = false;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.sealKey = storedResponseKey(Buffer.from(config.SECRETS_KEY, 'base64'));
    // A claim must outlive the slowest request the gateway waits for, or a repeat could run it twice.
    this.inFlightTtlMs = Math.max(MIN_IN_FLIGHT_TTL_MS, config.RPC_TIMEOUT_MS * 2);
    if (config.REDIS_URL) {
      // No offline queue: while Redis is unreachable a command fails at once and the request runs unguarded.
      this.redis = new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        enableAutoPipelining: true,
        maxRetriesPerRequest: 1,
        connectionName: 'appgen-gateway-idempotency',
      });
      this.redis.on('error', (error: Error) => this.storeFailed(error));
      this.redis.on('ready', () => {
        if (this.storeFailing) this.logger.log('Redis is back; Idempotency-Key is honoured again');
        this.storeFailing = false;
      });
      this.store = new RedisIdempotencyStore(this.redis, `${config.REDIS_KEY_PREFIX}:idempotency:`);
    } else {
      this.store = new MemoryIdempotencyStore();
    }
  }

  async onModuleInit(): Promise<void> {
    if (this.redis) await redisReady(this.redis);
  }

  /**
   * Claims `idempotencyKey` in `scope` for `request`, or says what to answer instead: the stored
   * response, 409 while the first request runs, 422 when the key came with another request.
   */
  async begin(request: object, scope: string, idempotencyKey: string, fingerprint: string): Promise<IdempotencyDecision> {
    const key = `${scope}:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
    let outcome;
    try {
      outcome = await this.store.begin(key, fingerprint, this.inFlightTtlMs);
    } catch (error) {
      this.storeFailed(error);
      return { kind: 'run' };
    }
    if (outcome.kind === 'claimed') {
      this.claims.set(request, { key, token: outcome.token, fingerprint });
      return { kind: 'run' };
    }
    const { entry } = outcome;
    if (entry.fingerprint !== fingerprint) {
      throw AppgenError.of('idempotency_key_reused', 'This Idempotency-Key was already used with a different request; use a new key for a new request');
    }
    if (entry.state === 'in_flight') throw AppgenError.of('conflict', 'A request with this Idempotency-Key is still in progress');
    let body: string;
    try {
      body = openSecret(this.sealKey, entry.response.body);
    } catch (error) {
      // Sealed under another SECRETS_KEY (or altered): it cannot be replayed, so the request runs as if unguarded.
      this.logger.warn(`A stored response for an Idempotency-Key could not be opened; the request runs again: ${String(error)}`);
      return { kind: 'run' };
    }
    return { kind: 'replay', response: { ...entry.response, body } };
  }

  /** Whether this request claimed a key, whose record finish() must write or release. */
  claimed(request: object): boolean {
    return this.claims.get(request) !== undefined;
  }

  /**
   * Called as the response to `request` is sent (Fastify onSend): keeps it for replays or
   * releases the claim, per `dispositionOf`. Responses with a body other than text are released.
   */
  async finish(request: object, reply: FinishedReply, payload: unknown): Promise<void> {
    const claim = this.claims.get(request);
    if (!claim) return;
    this.claims.clear(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : undefined;
    try {
      if (body === undefined || dispositionOf(reply.statusCode) === 'release') {
        await this.store.release(claim.key, claim.token);
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_RESPONSE_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
      }
      const sealed = sealSecret(this.sealKey, body);
      await this.store.complete(claim.key, claim.token, claim.fingerprint, { status: reply.statusCode, headers, body: sealed }, IDEMPOTENCY_KEY_TTL_MS);
    } catch (error) {
      // The response still goes out; the claim expires on its own after the in-flight TTL.
      this.storeFailed(error);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis && this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis?.disconnect());
  }

  private storeFailed(error: unknown): void {
    if (this.storeFailing) return;
    this.storeFailing = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Idempotency store unavailable, POSTs run without Idempotency-Key protection until it is back: ${reason}`);
  }
}
