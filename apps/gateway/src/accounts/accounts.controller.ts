import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { UsersSubjects, type CreateAccountResponse, type MessageResponse, type VerifySignInCodeResponse } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { CreateAccountDto, MagicCodeDto } from './dto/account-requests.dto';
import { AccessTokenResponseDto, CreateAccountResponseDto, MessageResponseDto } from './dto/account-responses.dto';

@ApiTags('Accounts')
@ApiResponse({ status: 422, description: 'Invalid body', type: ErrorBodyDto })
@Controller()
export class AccountsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('accounts')
  @Public()
  @ApiOperation({ summary: 'Sign up', description: 'Creates an account on the free plan and mails a 6-digit sign-in code. No key is returned.' })
  @ApiCreatedResponse({ type: CreateAccountResponseDto })
  @ApiResponse({ status: 409, description: 'The e-mail address already has an account', type: ErrorBodyDto })
  createAccount(@Body() body: CreateAccountDto): Promise<CreateAccountResponse> {
    return this.rpc.request(UsersSubjects.createAccount, body);
  }

  @Post('auth/magic_code')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Sign in by e-mail code',
    description:
      '`{email}` mails a sign-in code (the answer is the same whether or not the account exists). ' +
      '`{email, code}` exchanges the code for a one-hour bearer access token acting with full_access.',
  })
  @ApiBody({ type: MagicCodeDto })
  @ApiExtraModels(MessageResponseDto, AccessTokenResponseDto)
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(MessageResponseDto) }, { $ref: getSchemaPath(AccessTokenResponseDto) }] } })
  @ApiResponse({ status: 401, description: 'Wrong, expired or used code', type: ErrorBodyDto })
  magicCode(@Body() { email, code }: MagicCodeDto): Promise<MessageResponse | VerifySignInCodeResponse> {
    return code === undefined ? this.rpc.request(UsersSubjects.requestSignInCode, { email }) : this.rpc.request(UsersSubjects.verifySignInCode, { email, code });
  }
}
