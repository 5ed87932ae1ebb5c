import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { of, type Observable } from 'rxjs';
import type { IncomingHttpHeaders } from 'node:http';
import { requestAuth } from '../access/request-auth';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { clientIp, hashClientIp } from '../rate-limit/client-ip';
import { idempotencyKeyOf, idempotencyScope, REPLAYED_HEADER, requestFingerprint } from './idempotency-key';
import { IdempotencyService } from './idempotency.service';

/** The parts of Fastify's request and reply the interceptor uses. */
interface KeyedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  ip: string;
  body?: unknown;
}
interface ReplayReply {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}

/**
 * Honours Idempotency-Key on every POST route, present and future, in one place. It runs after
 * the access guard (a refused credential claims nothing) and before validation, so a 422 for a bad
 * body is kept and replayed like any other deterministic answer. The response is recorded as it is
 * sent (IdempotencyService.finish, from a Fastify onSend hook), whichever way it was produced.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<KeyedRequest>();
    if (request.method !== 'POST') return next.handle();
    const idempotencyKey = idempotencyKeyOf(request.headers);
    if (idempotencyKey === undefined) return next.handle();

    const caller = requestAuth(request)?.caller ?? null;
    const scope = idempotencyScope(caller, hashClientIp(clientIp(request.ip, request.headers, this.config.TRUSTED_PROXIES), this.config.ipHashKey));
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const decision = await this.idempotency.begin(request, scope, idempotencyKey, fingerprint);
    if (decision.kind === 'run') return next.handle();

    const { status, headers, body } = decision.response;
    const reply = http.getResponse<ReplayReply>();
    // Nest set the route's status before interceptors ran and sends the returned value without
    // setting it again, so the first response's status, headers and bytes go out as they were.
    reply.status(status);
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    reply.header(REPLAYED_HEADER, 'true');
    return of(body);
  }
}
