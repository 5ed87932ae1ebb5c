import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { AppgenError } from '@appgen/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { clientIp } from '../rate-limit/client-ip';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers';
import { RateLimitService } from '../rate-limit/rate-limit.service';

/** The parts of a request and reply the per-IP route limits use. */
export interface LimitedRequest {
  ip: string;
  headers: IncomingHttpHeaders;
}
export interface LimitedReply {
  headers(values: Record<string, string>): unknown;
}

/**
 * The per-IP limits of anonymous builds and claims (contract section 8), on top of the request gate's: the client IP
 * as TRUSTED_PROXIES says, its window's X-RateLimit-* headers on the answer (they replace the gate's, being the
 * stricter), and 429 `rate_limited` with Retry-After past it.
 */
@Injectable()
export class ClientLimits {
  constructor(
    private readonly limits: RateLimitService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** One more anonymous build; answers the keyed hash of the client IP, what claim-service records. */
  async build(request: LimitedRequest, reply: LimitedReply): Promise<string> {
    const ip = this.clientIp(request);
    await this.apply(await this.limits.forAnonymousBuild(ip), reply, 'anonymous builds');
    return this.limits.clientIpHash(ip);
  }

  /** One more claim page view or claim. */
  async claim(request: LimitedRequest, reply: LimitedReply): Promise<void> {
    await this.apply(await this.limits.forClaim(this.clientIp(request)), reply, 'claim requests');
  }

  private clientIp(request: LimitedRequest): string {
    return clientIp(request.ip, request.headers, this.config.TRUSTED_PROXIES);
  }

  private async apply(decision: Awaited<ReturnType<RateLimitService['forClaim']>>, reply: LimitedReply, what: string): Promise<void> {
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      throw AppgenError.of('rate_limited', `Too many ${what} from your address (at most ${decision.limit} in this window); retry in ${decision.retryAfter} s`);
    }
  }
}
