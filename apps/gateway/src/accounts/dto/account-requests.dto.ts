import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import type { CreateAccountRequest } from '@appgen/contracts';
import { IsAccountEmail, Trimmed } from '../../common/input-transforms';

export class CreateAccountDto implements CreateAccountRequest {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada@example.com' })
  @Trimmed()
  @IsAccountEmail()
  email!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, example: 'Ada Lovelace' })
  @Trimmed()
  @IsOptional()
  @Length(1, 100)
  @IsString()
  name?: string;
}

/** Both forms of POST /auth/magic_code: `{email}` mails a code, `{email, code}` exchanges it for a token. */
export class MagicCodeDto {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada@example.com' })
  @Trimmed()
  @IsAccountEmail()
  email!: string;

  @ApiPropertyOptional({ pattern: '^\\d{6}$', example: '482913', description: 'the 6-digit code from the sign-in mail' })
  @Trimmed()
  @IsOptional()
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits from the sign-in mail' })
  @IsString()
  code?: string;
}
