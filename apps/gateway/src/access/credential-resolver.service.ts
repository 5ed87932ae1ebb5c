import { hash as hashOnce } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { UsersSubjects } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { BoundedTtlCache } from './bounded-ttl-cache';
import type { CredentialKind } from './presented-credential';
import type { CallerCredential, RequestAuth, ResolvedCredential } from './request-auth';

const SUBJECTS = {
  api_key: UsersSubjects.resolveApiKey,
  access_token: UsersSubjects.resolveAccessToken,
  oauth_token: UsersSubjects.resolveOAuthToken,
} as const;
const CREDENTIAL_TYPES: Readonly<Record<CredentialKind, CallerCredential['type']>> = {
  api_key: 'api_key',
  access_token: 'sign_in_token',
  oauth_token: 'oauth',
};

const MAX_CACHED_CREDENTIALS = 10_000;
/** Refusals are remembered briefly, so a flood of bad keys costs users-service one lookup each per window. */
export const REFUSAL_TTL_MS = 2_000;

/** SHA-256 in hex, one-shot: a third of createHash's cost, on every authenticated request. */
export function secretHash(secret: string): string {
  return hashOnce('sha256', secret, 'hex');
}

/** The share of a cached caller's life after which a request that uses it has it looked up again in the background. */
export const REFRESH_AFTER_SHARE = 0.75;

interface CachedCaller {
  resolved: ResolvedCredential;
  /** from then on, a use starts a lookup in the background and is still answered from the cache */
  refreshAt: number;
}

/**
 * Turns a presented API key or access token (sign-in or OAuth) into its Caller through users-service, remembering
 * answers in memory so the hot path costs no round trip. A cached caller lives at most
 * AUTH_CACHE_TTL_MS and never past the credential's own expiry; revocations evict at once.
 *
 * A caller in use is looked up again before it expires (after REFRESH_AFTER_SHARE of its life), in the background,
 * so a busy key never makes a request wait for users-service: without that, every key's cache ran out together
 * and their next requests queued behind a burst of lookups (gateway-read's p99 four times the baseline's). A
 * refresh that users-service refuses evicts the caller at once.
 */
@Injectable()
export class CredentialResolver {
  private readonly callers = new BoundedTtlCache<CachedCaller>(MAX_CACHED_CREDENTIALS);
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
    const cached = this.callers.get(hash, now);
    if (cached) {
      if (now >= cached.refreshAt && !this.inFlight.has(hash)) {
        // (a failed refresh leaves the cached caller to its expiry, as an outage of users-service would)
        this.lookupOnce(kind, hash).catch(() => undefined);
      }
      return cached.resolved;
    }
    const refusal = this.refusals.get(hash, now);
    if (refusal !== undefined) return { caller: null, reason: refusal };
    // Concurrent requests with the same uncached credential share one lookup.
    return this.inFlight.get(hash) ?? this.lookupOnce(kind, hash);
  }

  /** Forgets every cached caller of these API keys (revoked here or on another replica). */
  evictKeys(keyIds: readonly number[]): void {
    this.revocations += 1;
    const revoked = new Set(keyIds);
    this.callers.deleteWhere(({ resolved }) => resolved.caller.keyId !== null && revoked.has(resolved.caller.keyId));
  }

  /** Forgets these OAuth access tokens (by the SHA-256 they are cached under), revoked on any replica. */
  evictTokens(tokenHashes: readonly string[]): void {
    this.revocations += 1;
    for (const hash of tokenHashes) this.callers.delete(hash);
  }

  /** A lookup that concurrent uses of the credential share until it ends. */
  private lookupOnce(kind: CredentialKind, hash: string): Promise<RequestAuth> {
    const pending = this.lookup(kind, hash).finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, pending);
    return pending;
  }

  private async lookup(kind: CredentialKind, hash: string): Promise<RequestAuth> {
    const revocationsBefore = this.revocations;
    try {
      const { caller, expires_at, client_id } = await this.rpc.request(SUBJECTS[kind], { secret_hash: hash });
      const resolved: ResolvedCredential = { caller, credential: { type: CREDENTIAL_TYPES[kind], clientId: client_id ?? null } };
      const now = Date.now();
      const until = Math.min(now + this.config.AUTH_CACHE_TTL_MS, expires_at ? Date.parse(expires_at) : Infinity);
      if (until > now && this.revocations === revocationsBefore) this.callers.set(hash, { resolved, refreshAt: now + (until - now) * REFRESH_AFTER_SHARE }, until);
      return resolved;
    } catch (error) {
      // users-service refuses unknown, revoked and expired credentials alike; anything else (503, 504) is not a refusal.
      if (error instanceof AppgenError && (error.payload.status === 401 || error.payload.status === 404)) {
        const reason = error.payload.status === 401 ? error.payload.body.message : 'The credential is not valid';
        // (a refresh of a cached caller refused: revoked or expired since, and no broadcast said so)
        this.callers.delete(hash);
        this.refusals.set(hash, reason, Date.now() + REFUSAL_TTL_MS);
        return { caller: null, reason };
      }
      throw error;
    }
  }
}
