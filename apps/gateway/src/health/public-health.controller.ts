import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { HealthReport } from '@appgen/contracts';
import { HealthService } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';
import { BackendHealthService, type BackendStates } from './backend-health.service';

/** The kit's report of this gateway, plus whether each backend answers. */
export interface GatewayHealthReport extends HealthReport {
  services: BackendStates;
}

/**
 * `GET /health` at the site root, for load balancers, Kubernetes probes and operators. Its status code is
 * this gateway's own (503 only when its NATS connection is closed or it is shutting down): a backend that is
 * down makes the body `degraded` but keeps 200, as taking every gateway out of rotation would turn one
 * missing service into a whole outage, and no other gateway would do better.
 */
@Public()
@ApiExcludeController()
@Controller()
export class PublicHealthController {
  constructor(
    private readonly health: HealthService,
    private readonly backends: BackendHealthService,
  ) {}

  @Get('health')
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<GatewayHealthReport> {
    const [own, services] = await Promise.all([this.health.report(), this.backends.states()]);
    const everyBackendOk = Object.values(services).every((state) => state === 'ok');
    reply.status(own.status === 'ok' ? 200 : 503);
    return { ...own, status: own.status === 'ok' && everyBackendOk ? 'ok' : 'degraded', services };
  }
}
