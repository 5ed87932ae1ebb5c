import { Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateAccountBody,
  CreateAccountResponse,
  CurrentAccountResponse,
  MagicCodeBody,
  MessageResponse,
  Type,
  UsersSubjects,
  VerifySignInCodeResponse,
  type CreateAccountRequest,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Authenticated, Public } from '../access/access.decorators';
import { CurrentCredential } from '../access/current-caller.decorator';
import type { ResolvedCredential } from '../access/request-auth';
import { AccountCredits } from '../billing/account-credits';
import { Fails, Operation, ValidBody } from '../common/contract-input';
import { BackendHealthService } from '../health/backend-health.service';

@ApiTags('Accounts')
@Controller()
export class AccountsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly credits: AccountCredits,
    private readonly backends: BackendHealthService,
  ) {}

  @Post('accounts')
  @Public()
  @Operation({
    id: 'createAccount',
    summary: 'Sign up',
    description: 'Creates an account on the free plan and mails a 6-digit sign-in code. No key is returned.',
    status: 201,
    returns: CreateAccountResponse,
  })
  @Fails(409, '`conflict`: the e-mail address already has an account')
  async createAccount(@ValidBody(CreateAccountBody) body: CreateAccountRequest): Promise<CreateAccountResponse> {
    const created = await this.rpc.request(UsersSubjects.createAccount, body);
    return { ...created, account: await this.credits.ofNew(created.account) };
  }

  @Post('auth/magic_code')
  @Public()
  @Operation({
    id: 'signInWithCode',
    summary: 'Sign in by e-mail code',
    description:
      '`{email}` mails a sign-in code (the answer is the same whether or not the account exists). ' +
      '`{email, code}` exchanges the code for a one-hour bearer access token acting with full_access; a wrong, ' +
      'expired or used code is 401.',
    returns: Type.Union([MessageResponse, VerifySignInCodeResponse]),
  })
  async magicCode(@ValidBody(MagicCodeBody) { email, code }: MagicCodeBody): Promise<MessageResponse | VerifySignInCodeResponse> {
    if (code === undefined) return this.rpc.request(UsersSubjects.requestSignInCode, { email });
    // A code works once and the answer needs the balance billing keeps: with billing away, refuse before the
    // code is spent, so the user retries with the same code rather than having to ask for a new one.
    await this.backends.requireServing('billing-service');
    const signedIn = await this.rpc.request(UsersSubjects.verifySignInCode, { email, code });
    return { ...signedIn, account: await this.credits.of(signedIn.account) };
  }

  @Get('account')
  @Authenticated()
  @Operation({
    id: 'getCurrentAccount',
    summary: 'Who am I',
    description:
      "The caller's account, with its e-mail vouched for (accounts sign in by e-mailed code), and the credential used: " +
      'its kind, the permissions it grants and, for an OAuth token, the client it was issued to. Any valid credential may ask.',
    returns: CurrentAccountResponse,
  })
  async currentAccount(@CurrentCredential() { caller, credential }: ResolvedCredential): Promise<CurrentAccountResponse> {
    const { account: view } = await this.rpc.request(UsersSubjects.getAccount, { caller });
    const account = await this.credits.of(view);
    return {
      account: { ...account, email_verified: true },
      credential: {
        type: credential.type,
        scopes: caller.grants,
        ...(credential.clientId === null ? {} : { client_id: credential.clientId }),
      },
    };
  }
}
