import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AnonymousBuildBody,
  AnonymousBuildView,
  AppDetail,
  ClaimBody,
  ClaimPackage,
  ClaimSubjects,
  Closed,
  Named,
  Type,
  type AppDetailResponse,
  type Caller,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Public, RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Fails, Operation, ValidBody } from '../common/contract-input';
import { AppDetailReader } from '../managed-apps/app-detail';
import { ClientLimits } from './client-limits';

/** 200 body of POST /anonymous_builds/:id/claim (decisions.md "Anonymous builds and claims"). */
export const ClaimResponse = Named('ClaimResponse', Closed({ success: Type.Literal(true), app: AppDetail, message: Type.String() }));
export interface ClaimResponse {
  success: true;
  app: AppDetailResponse['app'];
  message: string;
}

/**
 * Anonymous builds (contract 4.8): an app built without an account, held for its claim window under a claim token,
 * and the programmatic claim. Rate limited per client IP (contract section 8) on top of the gate's limits.
 */
@ApiTags('Anonymous builds')
@Controller('anonymous_builds')
export class AnonymousBuildsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly appDetail: AppDetailReader,
    private readonly limits: ClientLimits,
  ) {}

  @Post()
  @Public()
  @Operation({
    id: 'createAnonymousBuild',
    summary: 'Build an app without an account',
    description:
      'Generates an app owned by no account and answers its claim package. Open `claim_url` (or call the claim ' +
      'operation with `claim_token`) within the claim window to move it into an account; unclaimed, it is deleted ' +
      'when `expires_at` passes. It can be previewed, not deployed, until claimed. At most 1 a minute, 3 an hour and ' +
      '10 a day per client IP. No credits are used: there is no account to charge.',
    status: 201,
    returns: ClaimPackage,
  })
  @Fails(400, '`missing_prompt`: no prompt, or an empty one')
  async create(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @ValidBody(AnonymousBuildBody) body: AnonymousBuildBody,
  ): Promise<ClaimPackage> {
    const ipHash = await this.limits.build(request, reply);
    return this.rpc.request(ClaimSubjects.create, { ...body, ip_hash: ipHash });
  }

  @Get(':id')
  @Public()
  @Operation({
    id: 'getAnonymousBuild',
    summary: 'Read an anonymous build',
    description: '`id` is the `app_id` of the claim package. Poll it until `generation.status` is completed, then open `preview_url`.',
    returns: AnonymousBuildView,
  })
  get(@Param('id') id: string): Promise<AnonymousBuildView> {
    return this.rpc.request(ClaimSubjects.get, { id });
  }

  @Post(':id/claim')
  // Claiming adds an app to the account, as POST /managed_apps does: a read-only credential may not (403).
  @RequirePermission('apps:write')
  @Operation({
    id: 'claimAnonymousBuild',
    summary: 'Claim an anonymous build',
    description:
      'Moves the app, with its versions, builds, users and analytics, into the account of the credential (apps:write). A wrong ' +
      'token is 404, an app already claimed or still being generated 409, one past its claim window 410. At most 3 ' +
      'a minute, 20 an hour and 50 a day per client IP, together with the claim page.',
    returns: ClaimResponse,
  })
  @Fails(409, '`conflict`: already claimed, or still being generated')
  @Fails(410, '`gone`: the claim window has ended; the app is deleted')
  async claim(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @ValidBody(ClaimBody) body: ClaimBody,
  ): Promise<ClaimResponse> {
    await this.limits.claim(request, reply);
    const claimed = await this.rpc.request(ClaimSubjects.claim, { caller, id, claim_token: body.claim_token });
    const { app } = await this.appDetail.read(caller, claimed.app_id);
    return { success: true, app, message: claimed.message };
  }
}
