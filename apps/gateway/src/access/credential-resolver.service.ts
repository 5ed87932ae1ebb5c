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

/**
 * Turns a presented API key or access token (sign-in or OAuth) into its Caller through users-service, remembering
 * answers in memory so the hot path costs no round trip. A cached caller lives at most
 * AUTH_CACHE_TTL_MS and never past the credential's own expiry; revocations evict at once.
 */
@Injectable()
export class CredentialResolver {
  private readonly callers = new BoundedTtlCache<ResolvedCredential>(MAX_CACHED_CREDENTIALS);
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
    const resolved = this.callers.get(hash, now);
    if (resolved) return resolved;
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
    this.callers.deleteWhere(({ caller }) => caller.keyId !== null && revoked.has(caller.keyId));
  }

  /** Forgets these OAuth access tokens (by the SHA-256 they are cached under), revoked on any replica. */
  evictTokens(tokenHashes: readonly string[]): void {
    this.revocations += 1;
    for (const hash of tokenHashes) this.callers.delete(hash);
  }

  private async lookup(kind: CredentialKind, hash: string): Promise<RequestAuth> {
    const revocationsBefore = this.revocations;
    try {
      const { caller, expires_at, client_id } = await this.rpc.request(SUBJECTS[kind], { secret_hash: hash });
      const resolved: ResolvedCredential = { caller, credential: { type: CREDENTIAL_TYPES[kind], clientId: client_id ?? null } };
      const now = Date.now();
      const until = Math.min(now + this.config.AUTH_CACHE_TTL_MS, expires_at ? Date.parse(expires_at) : Infinity);
      if (until > now && this.revocations === revocationsBefore) this.callers.set(hash, resolved, until);
      return resolved;
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
