import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ClaimSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AnonymousBuildsService } from './anonymous-builds.service';

type Handler<S extends (typeof ClaimSubjects)[keyof typeof ClaimSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class AnonymousBuildsController {
  constructor(private readonly builds: AnonymousBuildsService) {}

  @MessagePattern(ClaimSubjects.create)
  onCreate(@Payload() request: RpcRequest<typeof ClaimSubjects.create>): Handler<typeof ClaimSubjects.create> {
    return this.builds.create(request);
  }

  @MessagePattern(ClaimSubjects.get)
  onGet(@Payload() request: RpcRequest<typeof ClaimSubjects.get>): Handler<typeof ClaimSubjects.get> {
    return this.builds.get(request.id);
  }

  @MessagePattern(ClaimSubjects.findByToken)
  onFindByToken(@Payload() request: RpcRequest<typeof ClaimSubjects.findByToken>): Handler<typeof ClaimSubjects.findByToken> {
    return this.builds.findByToken(request.claim_token);
  }

  @MessagePattern(ClaimSubjects.claim)
  onClaim(@Payload() request: RpcRequest<typeof ClaimSubjects.claim>): Handler<typeof ClaimSubjects.claim> {
    return this.builds.claim(request.caller, request.id, request.claim_token);
  }
}
