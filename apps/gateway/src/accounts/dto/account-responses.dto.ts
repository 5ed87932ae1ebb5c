import { ApiProperty } from '@nestjs/swagger';
import { PLANS, type AccountView, type CreateAccountResponse, type MessageResponse, type Plan, type VerifySignInCodeResponse } from '@appgen/contracts';

export class AccountDto implements AccountView {
  @ApiProperty({ type: 'integer', example: 42 })
  id!: number;

  @ApiProperty({ example: 'ada@example.com' })
  email!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'Ada Lovelace' })
  name!: string | null;

  @ApiProperty({ enum: PLANS, example: 'free' })
  plan!: Plan;

  @ApiProperty({ type: 'integer', example: 50 })
  credits!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class CreateAccountResponseDto implements CreateAccountResponse {
  @ApiProperty({ type: AccountDto })
  account!: AccountDto;

  @ApiProperty({ example: 'Account created. A sign-in code was sent to ada@example.com.' })
  message!: string;
}

export class MessageResponseDto implements MessageResponse {
  @ApiProperty({ example: 'If an account exists for that address, a sign-in code is on its way.' })
  message!: string;
}

export class AccessTokenResponseDto implements VerifySignInCodeResponse {
  @ApiProperty({ example: 'at_…', description: 'send as Authorization: Bearer <access_token>; acts with full_access' })
  access_token!: string;

  @ApiProperty({ enum: ['Bearer'] })
  token_type!: 'Bearer';

  @ApiProperty({ type: 'integer', example: 3600, description: 'seconds until the token expires' })
  expires_in!: number;

  @ApiProperty({ type: AccountDto })
  account!: AccountDto;
}
