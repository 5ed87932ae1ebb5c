import { Injectable, Logger } from '@nestjs/common';
import { BillingSubjects, SIGNUP_GRANT_CREDITS, type AccountView } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';

/**
 * `account.credits` as the API shows it: the balance in billing-service's ledger, which owns credits (asking it
 * also records a new account's signup grant the first time billing sees the account).
 */
@Injectable()
export class AccountCredits {
  private readonly log = new Logger('AccountCredits');

  constructor(private readonly rpc: RpcClient) {}

  async of<T extends AccountView>(account: T): Promise<T> {
    const { credits } = await this.rpc.request(BillingSubjects.balance, { account_id: account.id });
    return { ...account, credits: credits.balance };
  }

  /**
   * A just-created account: its ledger is its signup grant and nothing else yet, so when billing cannot be asked
   * the answer is still exact; billing records the grant the first time it sees the account.
   */
  async ofNew<T extends AccountView>(account: T): Promise<T> {
    try {
      return await this.of(account);
    } catch (error) {
      this.log.warn(`balance of new account ${account.id} not read from billing (its grant is recorded on first use): ${String(error)}`);
      return { ...account, credits: SIGNUP_GRANT_CREDITS };
    }
  }
}
