import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { setRequestAccount, AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { clientIp } from '../rate-limit/client-ip';
import { rateLimitHeaders, type RateLimitDecision } from '../rate-limit/rate-limit-headers';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { CredentialResolver } from './credential-resolver.service';
import { KeyUsageRecorder } from './key-usage.recorder';
import { presentedCredential } from './presented-credential';
import { setRequestAuth, type RequestAuth } from './request-auth';

/** Probes poll this often; counting them would rate limit the health check of a busy node. */
function isHealthProbe(url: string): boolean {
  return url === '/health' || url.startsWith('/health?');
}

/** The parts of Fastify's request and reply the gate uses. */
export interface GateRequest {
  headers: IncomingHttpHeaders;
  ip: string;
  url: string;
}
export interface GateReply {
  headers(values: Record<string, string>): unknown;
}

const MISSING_CREDENTIAL = 'Authentication required: send X-API-Key or Authorization: Bearer';

/**
 * Runs first on every request (Fastify onRequest, so also on unknown routes and before the body is
 * read): authenticate, then rate limit, and put the limit headers on whatever the response becomes.
 * The route's permission is checked afterwards by AccessGuard.
 */
@Injectable()
export class RequestGate {
  constructor(
    private readonly credentials: CredentialResolver,
    private readonly limits: RateLimitService,
    private readonly usage: KeyUsageRecorder,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Answers without a promise when the credential and the rate limit are both known in memory (a cached caller, a
   * leased token): the common case, and one less turn of the event loop for every request.
   */
  onRequest(request: GateRequest, reply: GateReply): void | Promise<void> {
    // request.url, not routeOptions: Fastify builds routeOptions afresh on every read.
    if (isHealthProbe(request.url)) return;
    let auth: RequestAuth | Promise<RequestAuth>;
    try {
      auth = this.authenticate(request);
    } catch (error) {
      return this.admit(request, reply, { caller: null, reason: MISSING_CREDENTIAL }, error);
    }
    if (!(auth instanceof Promise)) return this.admit(request, reply, auth);
    return auth.then(
      (resolved) => this.admit(request, reply, resolved),
      // users-service unreachable: the request still counts (per IP) and the failure is answered after.
      (error: unknown) => this.admit(request, reply, { caller: null, reason: MISSING_CREDENTIAL }, error),
    );
  }

  private admit(request: GateRequest, reply: GateReply, auth: RequestAuth, authFailure?: unknown): void | Promise<void> {
    setRequestAuth(request, auth);
    if (auth.caller) setRequestAccount(auth.caller.accountId);
    const decision = auth.caller
      ? this.limits.forCaller(auth.caller)
      : this.limits.forClientIp(clientIp(request.ip, request.headers, this.config.TRUSTED_PROXIES));
    if (decision instanceof Promise) return decision.then((decided) => this.decide(reply, decided, auth, authFailure));
    this.decide(reply, decision, auth, authFailure);
  }

  private decide(reply: GateReply, decision: RateLimitDecision, auth: RequestAuth, authFailure: unknown): void {
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      throw AppgenError.of('rate_limited', `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfter} s`);
    }
    if (authFailure !== undefined) throw authFailure;
    if (auth.caller?.keyId != null) this.usage.record(auth.caller.keyId);
  }

  private authenticate(request: GateRequest): RequestAuth | Promise<RequestAuth> {
    const credential = presentedCredential(request.headers);
    switch (credential.kind) {
      case 'none':
        return { caller: null, reason: MISSING_CREDENTIAL };
      case 'malformed':
        return { caller: null, reason: credential.reason };
      default:
        return this.credentials.resolve(credential.kind, credential.secret);
    }
  }
}
