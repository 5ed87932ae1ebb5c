import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AppUsersService } from './app-users.service';

type Handler<S extends (typeof UsersSubjects)[keyof typeof UsersSubjects]> = Promise<RpcResponse<S>>;

/** Sign-in of a generated app's own users; the edge calls these on behalf of the app's visitors. */
@Controller()
export class AppUsersController {
  constructor(private readonly appUsers: AppUsersService) {}

  @MessagePattern(UsersSubjects.appUserRequestCode)
  onRequestCode(@Payload() request: RpcRequest<typeof UsersSubjects.appUserRequestCode>): Handler<typeof UsersSubjects.appUserRequestCode> {
    return this.appUsers.requestCode(request);
  }

  @MessagePattern(UsersSubjects.appUserVerifyCode)
  onVerifyCode(@Payload() request: RpcRequest<typeof UsersSubjects.appUserVerifyCode>): Handler<typeof UsersSubjects.appUserVerifyCode> {
    return this.appUsers.verifyCode(request);
  }

  @MessagePattern(UsersSubjects.appUserResolveSession)
  onResolveSession(
    @Payload() request: RpcRequest<typeof UsersSubjects.appUserResolveSession>,
  ): Handler<typeof UsersSubjects.appUserResolveSession> {
    return this.appUsers.resolveSession(request);
  }

  @MessagePattern(UsersSubjects.appUserSignOut)
  onSignOut(@Payload() request: RpcRequest<typeof UsersSubjects.appUserSignOut>): Handler<typeof UsersSubjects.appUserSignOut> {
    return this.appUsers.signOut(request);
  }
}
