import { hash as hashOnce } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UsersSubjects } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { BoundedTtlCache } from './bounded-ttl-cache';
import { RefreshAheadCache } from './refresh-ahead-cache';
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

interface CachedCaller {
  kind: CredentialKind;
  resolved: ResolvedCredential;
}

/**
 * Turns a presented API key or access token (sign-in or OAuth) into its Caller through users-service, remembering
 * answers in memory so the hot path costs no round trip. A cached caller lives at most
 * AUTH_CACHE_TTL_MS and never past the credential's own expiry; revocations evict at once.
 *
 * A caller used since its last lookup is looked up again before it expires, in the background (RefreshAheadCache):
 * a key in use never makes a request wait for users-service. Without that, every key's cache ran out together and
 * their next requests queued behind a burst of lookups. A refresh that users-service refuses evicts the caller at once.
 */
@Injectable()
export class CredentialResolver implements OnApplicationBootstrap, OnApplicationShutdown {
  // (a refresh shares a lookup already under way; one that fails leaves the cached caller to its expiry, as an outage
  // of users-service would)
  private readonly callers = new RefreshAheadCache<CachedCaller>(MAX_CACHED_CREDENTIALS, (hash, { kind }) => this.inFlight.get(hash) ?? this.lookupOnce(kind, hash));
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
    if (cached) return cached.resolved;
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

  onApplicationBootstrap(): void {
    this.callers.startSweeping(this.config.AUTH_CACHE_TTL_MS);
  }

  onApplicationShutdown(): void {
    this.callers.stopSweeping();
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
      if (until > now && this.revocations === revocationsBefore) this.callers.set(hash, { kind, resolved }, until, now);
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
