import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { setRequestAccount, AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { clientIp } from '../rate-limit/client-ip';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers';
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

  async onRequest(request: GateRequest, reply: GateReply): Promise<void> {
    // request.url, not routeOptions: Fastify builds routeOptions afresh on every read.
    if (isHealthProbe(request.url)) return;
    let auth: RequestAuth;
    let authFailure: unknown;
    try {
      auth = await this.authenticate(request);
    } catch (error) {
      // users-service unreachable: the request still counts (per IP) and the failure is answered after.
      auth = { caller: null, reason: MISSING_CREDENTIAL };
      authFailure = error;
    }
    setRequestAuth(request, auth);
    if (auth.caller) setRequestAccount(auth.caller.accountId);
    const decision = auth.caller
      ? await this.limits.forCaller(auth.caller)
      : await this.limits.forClientIp(clientIp(request.ip, request.headers, this.config.TRUSTED_PROXIES));
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      throw AppgenError.of('rate_limited', `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfter} s`);
    }
    if (authFailure !== undefined) throw authFailure;
    if (auth.caller?.keyId != null) this.usage.record(auth.caller.keyId);
  }

  private async authenticate(request: GateRequest): Promise<RequestAuth> {
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
