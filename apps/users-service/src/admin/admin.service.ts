import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminCreateAccountRequest, AdminCreateAccountResponse } from '@appgen/contracts';
import { toAccountRecord } from '../accounts/account-record';
import { AccountsService, newAccountOf } from '../accounts/accounts.service';
import { ApiKeysService, toApiKeyView } from '../api-keys/api-keys.service';

export const ADMIN_KEY_NAME = 'admin';

/** Operator bootstrap without mail: an account and its first full_access key, or neither. */
@Injectable()
export class AdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async createAccount(request: AdminCreateAccountRequest): Promise<AdminCreateAccountResponse> {
    const fields = newAccountOf(request);
    const { account, rawKey, key } = await this.dataSource.transaction(async (manager) => {
      const created = await this.accounts.insert(manager, fields);
      const issued = await this.apiKeys.insert(manager, created.id, { name: ADMIN_KEY_NAME, scope: 'full_access', expiresInDays: null });
      return { account: created, ...issued };
    });
    return { account: toAccountRecord(account), raw_key: rawKey, api_key: toApiKeyView(key) };
  }
}
