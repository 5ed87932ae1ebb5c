import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateCustomDomainBody,
  CreateCustomDomainResponse,
  CustomDomainListResponse,
  CustomDomainMessageResponse,
  CustomDomainResponse,
  CustomDomainStatusResponse,
  DeleteCustomDomainResponse,
  DomainsSubjects,
  MAX_CUSTOM_DOMAINS_PER_APP,
  type Caller,
  type RpcResponse,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation, ValidBody } from '../common/contract-input';
import { IntegerIdPipe } from '../common/integer-id.pipe';
import { TakesNoBody } from '../common/refuse-body';

/** check_status and refresh look the DNS up (a few seconds at most per resolver) and may sign a certificate. */
const CHECK_TIMEOUT_MS = 15_000;

const domainId = new IntegerIdPipe('Custom domain');

type Reply<S extends (typeof DomainsSubjects)[keyof typeof DomainsSubjects]> = Promise<RpcResponse<S>>;

/**
 * An app's custom domains (contract 4.6), answered by domains-service: it checks the app belongs to the caller
 * (another account's app or domain is 404), verifies the DNS record, gets the certificate, and tells the edge.
 */
@ApiTags('Custom domains')
@Controller('managed_apps/:app_id/custom_domains')
export class CustomDomainsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequirePermission('apps:read')
  @Operation({
    id: 'listCustomDomains',
    summary: "An app's custom domains",
    description: `Oldest first, with the CNAME target subdomains point to and whether another may be added (at most ${MAX_CUSTOM_DOMAINS_PER_APP}).`,
    returns: CustomDomainListResponse,
  })
  list(@CurrentCaller() caller: Caller, @Param('app_id') appId: string): Reply<typeof DomainsSubjects.list> {
    return this.rpc.request(DomainsSubjects.list, { caller, app_id: appId });
  }

  @Post()
  @RequirePermission('apps:write')
  @Operation({
    id: 'createCustomDomain',
    summary: 'Add a custom domain',
    description:
      'Answers the DNS record to create: for a subdomain a CNAME named by its label pointing to `cname_target`, for an apex ' +
      'domain an A record `@` with the edge address; ttl 300. The domain is checked at once and then on a schedule that ' +
      'slows down, for up to 48 hours; once verified its certificate is issued and it is served over HTTPS. 409 when any ' +
      `app already has the domain; 422 for a name that is not a public host name, and for a ${MAX_CUSTOM_DOMAINS_PER_APP + 1}th domain.`,
    status: 201,
    returns: CreateCustomDomainResponse,
  })
  create(@CurrentCaller() caller: Caller, @Param('app_id') appId: string, @ValidBody(CreateCustomDomainBody) body: CreateCustomDomainBody): Reply<typeof DomainsSubjects.create> {
    return this.rpc.request(DomainsSubjects.create, { caller, app_id: appId, domain: body.domain });
  }

  @Get(':id')
  @RequirePermission('apps:read')
  @Operation({ id: 'getCustomDomain', summary: 'Read a custom domain', description: 'The detail view, with when it was verified and secured and why it failed.', returns: CustomDomainResponse })
  get(@CurrentCaller() caller: Caller, @Param('app_id') appId: string, @Param('id', domainId) id: number): Reply<typeof DomainsSubjects.get> {
    return this.rpc.request(DomainsSubjects.get, { caller, app_id: appId, id });
  }

  @Delete(':id')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @Operation({
    id: 'deleteCustomDomain',
    summary: 'Remove a custom domain',
    description: 'The edge stops serving it and drops its certificate before this answers. Removing the primary domain puts production_url back on the default address.',
    returns: DeleteCustomDomainResponse,
  })
  delete(@CurrentCaller() caller: Caller, @Param('app_id') appId: string, @Param('id', domainId) id: number): Reply<typeof DomainsSubjects.delete> {
    return this.rpc.request(DomainsSubjects.delete, { caller, app_id: appId, id });
  }

  @Post(':id/set_primary')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @Operation({
    id: 'setPrimaryCustomDomain',
    summary: 'Make a custom domain the primary',
    description: "While the primary domain is operational the app's production_url is `https://<domain>` (and AGENTS.md, the status view and callbacks say so).",
    returns: CustomDomainMessageResponse,
  })
  setPrimary(@CurrentCaller() caller: Caller, @Param('app_id') appId: string, @Param('id', domainId) id: number): Reply<typeof DomainsSubjects.setPrimary> {
    return this.rpc.request(DomainsSubjects.setPrimary, { caller, app_id: appId, id });
  }

  @Post(':id/check_status')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @Operation({
    id: 'checkCustomDomainStatus',
    summary: 'Check DNS and SSL now',
    description:
      "Looks the DNS record up at once and, once verified, gets the certificate. `cloudflare_status` is the edge's status of the host name. " +
      'Poll roughly every 30 seconds after setting the record.',
    returns: CustomDomainStatusResponse,
  })
  checkStatus(@CurrentCaller() caller: Caller, @Param('app_id') appId: string, @Param('id', domainId) id: number): Reply<typeof DomainsSubjects.checkStatus> {
    return this.rpc.request(DomainsSubjects.checkStatus, { caller, app_id: appId, id }, CHECK_TIMEOUT_MS);
  }

  @Post(':id/refresh')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @Operation({
    id: 'refreshCustomDomain',
    summary: 'Restart verification',
    description: 'Starts a fresh verification cycle (checked at once, then on the schedule again, for 48 hours); a failed certificate is ordered again once verified.',
    returns: CustomDomainMessageResponse,
  })
  refresh(@CurrentCaller() caller: Caller, @Param('app_id') appId: string, @Param('id', domainId) id: number): Reply<typeof DomainsSubjects.refresh> {
    return this.rpc.request(DomainsSubjects.refresh, { caller, app_id: appId, id }, CHECK_TIMEOUT_MS);
  }
}
