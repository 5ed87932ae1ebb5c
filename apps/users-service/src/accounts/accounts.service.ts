import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  checkText,
  normalizeEmail,
  PLANS,
  TEXT_LIMITS,
  type AccountView,
  type Caller,
  type CreateAccountRequest,
  type CreateAccountResponse,
  type FieldError,
  type Plan,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { SignInService } from '../sign-in/sign-in.service';
import { toAccountView } from './account-view';
import { AccountEntity } from './account.entity';

export interface NewAccount {
  email: string;
  name: string | null;
  plan: Plan;
}

/** Checks the fields of a new account; collects every problem so a client can fix them at once. */
export function validateNewAccount(input: { email?: unknown; name?: unknown; plan?: unknown }): NewAccount {
  const errors: FieldError[] = [];
  const email = normalizeEmail(input.email);
  if (email === null) errors.push({ field: 'email', message: 'must be a valid e-mail address' });
  let name: string | null = null;
  if (input.name !== undefined && input.name !== null) {
    // A blank name is no name; any other is held to TEXT_LIMITS, as the gateway holds it (mail greets by it).
    const trimmed = typeof input.name === 'string' ? input.name.trim() : input.name;
    const problem = trimmed === '' ? null : checkText('name', trimmed, TEXT_LIMITS.accountName);
    if (problem) errors.push(problem);
    else if (typeof trimmed === 'string') name = trimmed || null;
  }
  let plan: Plan = 'free';
  if (input.plan !== undefined) {
    const match = PLANS.find((candidate) => candidate === input.plan);
    if (match) plan = match;
    else errors.push({ field: 'plan', message: `must be one of ${PLANS.join(', ')}` });
  }
  if (errors.length > 0 || email === null) throw AppgenError.validation(errors);
  return { email, name, plan };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: unknown }).code === '23505';
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly signIn: SignInService,
  ) {}

  async create(request: CreateAccountRequest): Promise<CreateAccountResponse> {
    const fields = validateNewAccount({ email: request.email, name: request.name });
    const account = await this.dataSource.transaction(async (manager) => {
      const created = await this.insert(manager, fields);
      await this.signIn.issueCode(manager, created);
      return created;
    });
    return {
      account: toAccountView(account),
      message: `Account created. A 6-digit sign-in code was sent to ${account.email}; it expires in 10 minutes.`,
    };
  }

  async get(caller: Caller): Promise<{ account: AccountView }> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ id: caller.accountId });
    if (!account) throw AppgenError.notFound('Account', caller.accountId);
    return { account: toAccountView(account) };
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
