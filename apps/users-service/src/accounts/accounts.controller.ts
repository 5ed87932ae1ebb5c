import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AccountsService } from './accounts.service';

type Handler<S extends (typeof UsersSubjects)[keyof typeof UsersSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(UsersSubjects.createAccount)
  onCreateAccount(@Payload() request: RpcRequest<typeof UsersSubjects.createAccount>): Handler<typeof UsersSubjects.createAccount> {
    return this.accounts.create(request);
  }

  @MessagePattern(UsersSubjects.getAccount)
  onGetAccount(@Payload() request: RpcRequest<typeof UsersSubjects.getAccount>): Handler<typeof UsersSubjects.getAccount> {
    return this.accounts.get(request.caller.accountId);
  }
}
