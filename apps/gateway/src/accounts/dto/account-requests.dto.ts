import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { EMAIL_MAX_LENGTH, TEXT_LIMITS, type CreateAccountRequest } from '@appgen/contracts';
import { IsAccountEmail, Trimmed } from '../../common/input-transforms';
import { IsStoredText } from '../../common/stored-text';

export class CreateAccountDto implements CreateAccountRequest {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'ada@example.com' })
  @Trimmed()
  @IsAccountEmail()
  email!: string;

  @ApiPropertyOptional({ minLength: TEXT_LIMITS.accountName.min, maxLength: TEXT_LIMITS.accountName.max, example: 'Ada Lovelace', description: 'one line' })
  @Trimmed()
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.accountName)
  name?: string;
}

/** Both forms of POST /auth/magic_code: `{email}` mails a code, `{email, code}` exchanges it for a token. */
export class MagicCodeDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'ada@example.com' })
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
