import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { UsersSubjects, type Caller } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { BoundedTtlCache } from './bounded-ttl-cache';
import type { CredentialKind } from './presented-credential';
import type { RequestAuth } from './request-auth';

const MAX_CACHED_CREDENTIALS = 10_000;
/** Refusals are remembered briefly, so a flood of bad keys costs users-service one lookup each per window. */
export const REFUSAL_TTL_MS = 2_000;

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Turns a presented API key or access token into its Caller through users-service, remembering
 * answers in memory so the hot path costs no round trip. A cached caller lives at most
 * AUTH_CACHE_TTL_MS and never past the credential's own expiry; revocations evict at once.
 */
@Injectable()
export class CredentialResolver {
  private readonly callers = new BoundedTtlCache<Caller>(MAX_CACHED_CREDENTIALS);
  // Separate from `callers`, so junk keys cannot push valid credentials out of the cache.
  private readonly refusals = new BoundedTtlCache<string>(MAX_CACHED_CREDENTIALS);
  private readonly inFlight = new Map<string, Promise<RequestAuth>>();
  /** Bumped by every revocation; a lookup that started before one must not cache its answer. */
  private revocations = 0;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  resolve(kind: CredentialKind, secret: string): Promise<RequestAuth> | RequestAuth {
    const hash = secretHash(secret);
    const now = Date.now();
    const caller = this.callers.get(hash, now);
    if (caller) return { caller };
    const refusal = this.refusals.get(hash, now);
    if (refusal !== undefined) return { caller: null, reason: refusal };
    let pending = this.inFlight.get(hash);
    if (!pending) {
      // Concurrent requests with the same uncached credential share one lookup.
      pending = this.lookup(kind, hash).finally(() => this.inFlight.delete(hash));
      this.inFlight.set(hash, pending);
    }
    return pending;
  }

  /** Forgets every cached caller of these API keys (revoked here or on another replica). */
  evictKeys(keyIds: readonly number[]): void {
    this.revocations += 1;
    const revoked = new Set(keyIds);
    this.callers.deleteWhere((caller) => caller.keyId !== null && revoked.has(caller.keyId));
  }

  private async lookup(kind: CredentialKind, hash: string): Promise<RequestAuth> {
    const revocationsBefore = this.revocations;
    const subject = kind === 'api_key' ? UsersSubjects.resolveApiKey : UsersSubjects.resolveAccessToken;
    try {
      const { caller, expires_at } = await this.rpc.request(subject, { secret_hash: hash });
      const now = Date.now();
      const until = Math.min(now + this.config.AUTH_CACHE_TTL_MS, expires_at ? Date.parse(expires_at) : Infinity);
      if (until > now && this.revocations === revocationsBefore) this.callers.set(hash, caller, until);
      return { caller };
    } catch (error) {
      // users-service refuses unknown, revoked and expired credentials alike; anything else (503, 504) is not a refusal.
      if (error instanceof AppgenError && (error.payload.status === 401 || error.payload.status === 404)) {
        const reason = error.payload.status === 401 ? error.payload.body.message : 'The credential is not valid';
        this.refusals.set(hash, reason, Date.now() + REFUSAL_TTL_MS);
        return { caller: null, reason };
      }
      throw error;
    }
  }
}
