import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { CustomDomainsService } from './custom-domains.service';
import { ProductionAddress } from './production-address';

type Subject = (typeof DomainsSubjects)[keyof typeof DomainsSubjects];
type Handler<S extends Subject> = Promise<RpcResponse<S>>;

@Controller()
export class CustomDomainsController {
  constructor(
    private readonly domains: CustomDomainsService,
    private readonly production: ProductionAddress,
  ) {}

  @MessagePattern(DomainsSubjects.list)
  onList(@Payload() request: RpcRequest<typeof DomainsSubjects.list>): Handler<typeof DomainsSubjects.list> {
    return this.domains.list(request);
  }

  @MessagePattern(DomainsSubjects.create)
  onCreate(@Payload() request: RpcRequest<typeof DomainsSubjects.create>): Handler<typeof DomainsSubjects.create> {
    return this.domains.create(request);
  }

  @MessagePattern(DomainsSubjects.get)
  onGet(@Payload() request: RpcRequest<typeof DomainsSubjects.get>): Handler<typeof DomainsSubjects.get> {
    return this.domains.get(request);
  }

  @MessagePattern(DomainsSubjects.delete)
  onDelete(@Payload() request: RpcRequest<typeof DomainsSubjects.delete>): Handler<typeof DomainsSubjects.delete> {
    return this.domains.delete(request);
  }

  @MessagePattern(DomainsSubjects.setPrimary)
  onSetPrimary(@Payload() request: RpcRequest<typeof DomainsSubjects.setPrimary>): Handler<typeof DomainsSubjects.setPrimary> {
    return this.domains.setPrimary(request);
  }

  @MessagePattern(DomainsSubjects.checkStatus)
  onCheckStatus(@Payload() request: RpcRequest<typeof DomainsSubjects.checkStatus>): Handler<typeof DomainsSubjects.checkStatus> {
    return this.domains.checkStatus(request);
  }

  @MessagePattern(DomainsSubjects.refresh)
  onRefresh(@Payload() request: RpcRequest<typeof DomainsSubjects.refresh>): Handler<typeof DomainsSubjects.refresh> {
    return this.domains.refresh(request);
  }

  @MessagePattern(DomainsSubjects.resolveHost)
  onResolveHost(@Payload() request: RpcRequest<typeof DomainsSubjects.resolveHost>): Handler<typeof DomainsSubjects.resolveHost> {
    return this.domains.resolveHost(request.host);
  }

  @MessagePattern(DomainsSubjects.certificate)
  onCertificate(@Payload() request: RpcRequest<typeof DomainsSubjects.certificate>): Handler<typeof DomainsSubjects.certificate> {
    return this.domains.certificate(request.domain);
  }

  @MessagePattern(DomainsSubjects.acmeChallenge)
  onAcmeChallenge(@Payload() request: RpcRequest<typeof DomainsSubjects.acmeChallenge>): Handler<typeof DomainsSubjects.acmeChallenge> {
    return this.domains.acmeChallenge(request.token);
  }

  @MessagePattern(DomainsSubjects.primaryDomain)
  async onPrimaryDomain(@Payload() request: RpcRequest<typeof DomainsSubjects.primaryDomain>): Handler<typeof DomainsSubjects.primaryDomain> {
    return { domain: await this.production.operationalPrimary(request.app_id) };
  }
}
