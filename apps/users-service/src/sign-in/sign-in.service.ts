import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type ConfirmSignInCodeResponse,
  normalizeEmail,
  type MessageResponse,
  type Plan,
  type RequestSignInCodeRequest,
  UsersEvents,
  type ResolveCredentialRequest,
  type ResolveCredentialResponse,
  type VerifySignInCodeRequest,
  type VerifySignInCodeReply,
} from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { toAccountRecord } from '../accounts/account-record';
import { AccountEntity } from '../accounts/account.entity';
import { buildCaller } from '../common/caller';
import { credentialProblem, isSha256Hex, sha256Hex } from '../common/secrets';
import { USERS_CONFIG, type UsersConfig } from '../config/users.config';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { AccessTokenEntity } from './access-token.entity';
import {
  checkSignInCode,
  codeAfterCheck,
  hashSignInCode,
  newAccessToken,
  newSignInCode,
  reissueSql,
  SIGN_IN_CODE_TTL_MS,
} from './sign-in-code';
import { SignInCodeEntity } from './sign-in-code.entity';

/** One message for every refusal, so a guesser learns nothing about why. */
const CODE_REFUSED = 'The sign-in code is wrong or has expired. Request a new code and try again.';

interface TokenRow {
  expires_at: Date;
  revoked_at: Date | null;
  account_id: number;
  email: string;
  plan: Plan;
}

/** How a new code replaces the stored one: hourly cap and lockout (see `reissueSql`). */
const reissue = reissueSql('sign_in_codes');

@Injectable()
export class SignInService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailOutboxService,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
    private readonly rpc: RpcClient,
  ) {}

  onModuleInit(): void {
    if (!this.config.codeHashKey) {
      new Logger('SignInService').warn('SECRETS_KEY is unset: sign-in codes are hashed without a key, reversible by a database reader');
    }
  }

  /**
   * Replaces any earlier code of the account and queues the mail, in the caller's transaction; does nothing
   * past the hourly cap or during a lockout (see `reissueSql`).
   */
  async issueCode(manager: EntityManager, account: AccountEntity): Promise<void> {
    const code = newSignInCode();
    const expiresAt = new Date(Date.now() + SIGN_IN_CODE_TTL_MS);
    const issued: unknown[] = await manager.query(
      `INSERT INTO sign_in_codes (account_id, code_hash, failed_attempts, expires_at, created_at)
       VALUES ($1, $2, 0, $3, now())
       ON CONFLICT (account_id) DO UPDATE
         SET ${reissue.set}
         WHERE ${reissue.where}
       RETURNING account_id`,
      [account.id, hashSignInCode(this.config.codeHashKey, account.id, code), expiresAt],
    );
    if (issued.length === 0) return;
    await this.mail.enqueue(manager, {
      to: account.email,
      discardAfter: expiresAt,
      subject: `Your appgen sign-in code: ${code}`,
      text: [
        `Your appgen sign-in code is ${code}.`,
        '',
        // Lines stay under 76 characters so the body goes out as plain 7-bit text, readable as is.
        'It expires in 10 minutes and works once.',
        'If you did not ask to sign in, you can ignore this mail.',
        '',
        `appgen - ${this.config.SITE_URL}`,
        '',
      ].join('\n'),
    });
  }

  async requestCode(request: RequestSignInCodeRequest): Promise<MessageResponse> {
    const email = normalizeEmail(request.email);
    if (email === null) throw AppgenError.validation([{ field: 'email', message: 'must be a valid e-mail address' }]);
    await this.dataSource.transaction(async (manager) => {
      const account = await this.findByEmail(manager, email);
      if (account) await this.issueCode(manager, account);
    });
    // The same answer whether or not the account exists, so this cannot be used to probe for accounts.
    return { message: `If ${email} belongs to an appgen account, a 6-digit sign-in code is on its way. It expires in 10 minutes.` };
  }

  async verifyCode(request: VerifySignInCodeRequest): Promise<VerifySignInCodeReply> {
    const signedIn = await this.checkCode(request, async (manager, account) => {
      const token = newAccessToken();
      await manager.insert(AccessTokenEntity, {
        accountId: account.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000),
        revokedAt: null,
      });
      return { account, token };
    });
    return {
      access_token: signedIn.token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      account: toAccountRecord(signedIn.account),
    };
  }

  /** The same check of the same codes, minting nothing: the OAuth sign-in page signs the person in itself. */
  async confirmCode(request: VerifySignInCodeRequest): Promise<ConfirmSignInCodeResponse> {
    const account = await this.checkCode(request, (_manager, checked) => Promise.resolve(checked));
    return { account: toAccountRecord(account) };
  }

  /**
   * Checks the code (counting a wrong try, using up a right one) and runs `onValid` in the same transaction;
   * any refusal is one 401.
   */
  private async checkCode<T>(request: VerifySignInCodeRequest, onValid: (manager: EntityManager, account: AccountEntity) => Promise<T>): Promise<T> {
    const email = normalizeEmail(request.email);
    const code = typeof request.code === 'string' ? request.code.trim() : '';
    if (email === null) throw AppgenError.of('unauthorized', CODE_REFUSED);
    // A wrong try must be counted even though the request fails, so the refusal is thrown after commit.
    const outcome = await this.dataSource.transaction(async (manager) => {
      const account = await this.findByEmail(manager, email);
      if (!account) return null;
      const stored = await manager
        .getRepository(SignInCodeEntity)
        .createQueryBuilder('code')
        .setLock('pessimistic_write')
        .where('code.accountId = :id', { id: account.id })
        .getOne();
      if (!stored) return null;
      const check = checkSignInCode(stored, hashSignInCode(this.config.codeHashKey, account.id, code), new Date());
      const next = codeAfterCheck(check);
      if (next === 'count_failure') await manager.increment(SignInCodeEntity, { accountId: account.id }, 'failedAttempts', 1);
      if (next === 'delete') await manager.delete(SignInCodeEntity, { accountId: account.id });
      if (check !== 'valid') return null;
      return { value: await onValid(manager, account) };
    });
    if (!outcome) throw AppgenError.of('unauthorized', CODE_REFUSED);
    return outcome.value;
  }

  /** Hot path of every bearer-authenticated request: one indexed read, no writes. */
  async resolveAccessToken(request: ResolveCredentialRequest): Promise<ResolveCredentialResponse> {
    if (!isSha256Hex(request.secret_hash)) throw AppgenError.of('unauthorized', 'Invalid access token');
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT t.expires_at, t.revoked_at, a.id AS account_id, a.email, a.plan
         FROM access_tokens t JOIN accounts a ON a.id = t.account_id
        WHERE t.token_hash = $1`,
      [request.secret_hash],
    );
    const row = rows[0];
    if (!row) throw AppgenError.of('unauthorized', 'Invalid access token');
    const problem = credentialProblem({ expiresAt: row.expires_at, revokedAt: row.revoked_at }, new Date());
    if (problem === 'revoked') throw AppgenError.of('unauthorized', 'This access token has been revoked');
    if (problem === 'expired') throw AppgenError.of('unauthorized', 'This access token has expired');
    return {
      caller: buildCaller({ id: row.account_id, email: row.email, plan: row.plan }, null, 'full_access'),
      expires_at: row.expires_at.toISOString(),
    };
  }

  /**
   * Ends a sign-in access token now (signing out of the console). Unknown, expired or already revoked tokens are
   * answered the same, so signing out twice is fine; every gateway is told, also on a repeat, to forget it.
   */
  async revokeAccessToken(request: ResolveCredentialRequest): Promise<{ success: true }> {
    if (!isSha256Hex(request.secret_hash)) return { success: true };
    await this.dataSource.query('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [request.secret_hash]);
    this.rpc.emit(UsersEvents.credentialsRevoked, { key_ids: [], token_hashes: [request.secret_hash] });
    return { success: true };
  }

  private findByEmail(manager: EntityManager, email: string): Promise<AccountEntity | null> {
    return manager
      .getRepository(AccountEntity)
      .createQueryBuilder('account')
      .where('lower(account.email) = :email', { email })
      .getOne();
  }
}
