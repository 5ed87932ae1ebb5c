import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { UsersEvents, UsersSubjects, type MessageMap, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AppUsersManagementService } from './app-users-management.service';

type Handler<S extends (typeof UsersSubjects)[keyof typeof UsersSubjects]> = Promise<RpcResponse<S>>;

/** The account's side of its apps' users (the gateway's /managed_users), and the edge's access counts. */
@Controller()
export class AppUsersManagementController {
  constructor(private readonly management: AppUsersManagementService) {}

  @MessagePattern(UsersSubjects.listAppUsers)
  onList(@Payload() request: RpcRequest<typeof UsersSubjects.listAppUsers>): Handler<typeof UsersSubjects.listAppUsers> {
    return this.management.list(request);
  }

  @MessagePattern(UsersSubjects.grantAppUserAccess)
  onGrant(@Payload() request: RpcRequest<typeof UsersSubjects.grantAppUserAccess>): Handler<typeof UsersSubjects.grantAppUserAccess> {
    return this.management.grant(request);
  }

  @MessagePattern(UsersSubjects.revokeAppUser)
  onRevoke(@Payload() request: RpcRequest<typeof UsersSubjects.revokeAppUser>): Handler<typeof UsersSubjects.revokeAppUser> {
    return this.management.revoke(request);
  }

  @MessagePattern(UsersSubjects.countAppUsers)
  onCount(@Payload() request: RpcRequest<typeof UsersSubjects.countAppUsers>): Handler<typeof UsersSubjects.countAppUsers> {
    return this.management.count(request);
  }

  @EventPattern(UsersEvents.recordAppUserAccess)
  onRecordAccess(@Payload() message: MessageMap[typeof UsersEvents.recordAppUserAccess]): Promise<void> {
    return this.management.recordAccess(message);
  }
}
