import { Injectable, Logger } from '@nestjs/common';
import { BillingSubjects, SIGNUP_GRANT_CREDITS, type AccountRecord, type AccountView } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';

/** The account as the API shows it, its fields in the contract's order. */
function withBalance(account: AccountRecord, credits: number): AccountView {
  return { id: account.id, email: account.email, name: account.name, plan: account.plan, credits, created_at: account.created_at };
}

/**
 * `account.credits` as the API shows it: the balance in billing-service's ledger, which owns credits (asking it
 * also records a new account's signup grant the first time billing sees the account).
 */
@Injectable()
export class AccountCredits {
  private readonly log = new Logger('AccountCredits');

  constructor(private readonly rpc: RpcClient) {}

  async of(account: AccountRecord): Promise<AccountView> {
    const { credits } = await this.rpc.request(BillingSubjects.balance, { account_id: account.id });
    return withBalance(account, credits.balance);
  }

  /**
   * A just-created account: its ledger is its signup grant and nothing else yet, so when billing cannot be asked
   * the answer is still exact; billing records the grant the first time it sees the account.
   */
  async ofNew(account: AccountRecord): Promise<AccountView> {
    try {
      return await this.of(account);
    } catch (error) {
      this.log.warn(`balance of new account ${account.id} not read from billing (its grant is recorded on first use): ${String(error)}`);
      return withBalance(account, SIGNUP_GRANT_CREDITS);
    }
  }
}
