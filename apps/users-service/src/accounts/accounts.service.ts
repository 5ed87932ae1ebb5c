import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeEmail,
  type AccountRecord,
  type CreateAccountRequest,
  type CreateAccountReply,
  type Plan,
} from '@appgen/contracts';
import { AppgenError, isUniqueViolation } from '@appgen/service-kit';
import { SignInService } from '../sign-in/sign-in.service';
import { toAccountRecord } from './account-record';
import { AccountEntity } from './account.entity';

export interface NewAccount {
  email: string;
  name: string | null;
  plan: Plan;
}

/**
 * A new account from a request's fields, whose form was checked against the subject's schema (CreateAccountRequest,
 * AdminCreateAccountRequest) before the handler ran: the address in its canonical form, the plan's default.
 */
export function newAccountOf(input: { email: string; name?: string; plan?: Plan }): NewAccount {
  return { email: normalizeEmail(input.email) ?? input.email, name: input.name ?? null, plan: input.plan ?? 'free' };
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly signIn: SignInService,
  ) {}

  async create(request: CreateAccountRequest): Promise<CreateAccountReply> {
    const fields = newAccountOf(request);
    const account = await this.dataSource.transaction(async (manager) => {
      const created = await this.insert(manager, fields);
      await this.signIn.issueCode(manager, created);
      return created;
    });
    return {
      account: toAccountRecord(account),
      message: `Account created. A 6-digit sign-in code was sent to ${account.email}; it expires in 10 minutes.`,
    };
  }

  async get(accountId: number): Promise<{ account: AccountRecord }> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ id: accountId });
    if (!account) throw AppgenError.notFound('Account', accountId);
    return { account: toAccountRecord(account) };
  }

  /** Inserts in the caller's transaction; a taken e-mail (in any letter case) is a 409. */
  async insert(manager: EntityManager, fields: NewAccount): Promise<AccountEntity> {
    try {
      const result = await manager.insert(AccountEntity, { email: fields.email, name: fields.name, plan: fields.plan });
      const id = Number(result.identifiers[0]?.['id']);
      return await manager.findOneByOrFail(AccountEntity, { id });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw AppgenError.of('conflict', `The e-mail ${fields.email} is already taken by another account`);
      }
      throw error;
    }
  }
}
