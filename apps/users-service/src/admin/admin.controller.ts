import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AdminService } from './admin.service';

@Controller()
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @MessagePattern(UsersSubjects.adminCreateAccount)
  onAdminCreateAccount(
    @Payload() request: RpcRequest<typeof UsersSubjects.adminCreateAccount>,
  ): Promise<RpcResponse<typeof UsersSubjects.adminCreateAccount>> {
    return this.admin.createAccount(request);
  }
}
