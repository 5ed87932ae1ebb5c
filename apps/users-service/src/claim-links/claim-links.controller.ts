import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { ClaimLinksService } from './claim-links.service';

@Controller()
export class ClaimLinksController {
  constructor(private readonly claimLinks: ClaimLinksService) {}

  @MessagePattern(UsersSubjects.mailClaimLink)
  onMailClaimLink(@Payload() request: RpcRequest<typeof UsersSubjects.mailClaimLink>): Promise<RpcResponse<typeof UsersSubjects.mailClaimLink>> {
    return this.claimLinks.mail(request);
  }
}
