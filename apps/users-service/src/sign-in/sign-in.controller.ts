import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { SignInService } from './sign-in.service';

type Handler<S extends (typeof UsersSubjects)[keyof typeof UsersSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @MessagePattern(UsersSubjects.requestSignInCode)
  onRequestSignInCode(
    @Payload() request: RpcRequest<typeof UsersSubjects.requestSignInCode>,
  ): Handler<typeof UsersSubjects.requestSignInCode> {
    return this.signIn.requestCode(request);
  }

  @MessagePattern(UsersSubjects.verifySignInCode)
  onVerifySignInCode(
    @Payload() request: RpcRequest<typeof UsersSubjects.verifySignInCode>,
  ): Handler<typeof UsersSubjects.verifySignInCode> {
    return this.signIn.verifyCode(request);
  }

  @MessagePattern(UsersSubjects.confirmSignInCode)
  onConfirmSignInCode(
    @Payload() request: RpcRequest<typeof UsersSubjects.confirmSignInCode>,
  ): Handler<typeof UsersSubjects.confirmSignInCode> {
    return this.signIn.confirmCode(request);
  }

  @MessagePattern(UsersSubjects.revokeAccessToken)
  onRevokeAccessToken(
    @Payload() request: RpcRequest<typeof UsersSubjects.revokeAccessToken>,
  ): Handler<typeof UsersSubjects.revokeAccessToken> {
    return this.signIn.revokeAccessToken(request);
  }

  @MessagePattern(UsersSubjects.resolveAccessToken)
  onResolveAccessToken(
    @Payload() request: RpcRequest<typeof UsersSubjects.resolveAccessToken>,
  ): Handler<typeof UsersSubjects.resolveAccessToken> {
    return this.signIn.resolveAccessToken(request);
  }
}
