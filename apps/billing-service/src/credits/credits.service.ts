import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SIGNUP_GRANT_CREDITS, type BillingUsageResponse, type CreditBalance, type Reservation } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { balanceOf, reservationOf, settlementRefund, usagePeriod, type CreditAccountRow, type LedgerEntryRow } from './ledger';

type Totals = 'granted' | 'purchased' | 'used';

interface UsageRow {
  generations: string;
  credits_used: string;
  tokens_input: string;
  tokens_output: string;
}

/**
 * The credit ledger. Every write runs in one transaction that first locks the account's totals row (creating it,
 * with the signup grant, the first time billing hears of the account), appends its entry and moves the totals:
 * concurrent writes to one account are serialised by that lock, and the balance cannot go below zero.
 */
@Injectable()
export class CreditsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's credits; an account billing has not seen yet gets its signup grant now. */
  async balance(accountId: number): Promise<CreditBalance> {
    const rows: CreditAccountRow[] = await this.dataSource.query('SELECT * FROM credit_accounts WHERE account_id = $1', [accountId]);
    if (rows[0]) return balanceOf(rows[0]);
    return this.dataSource.transaction(async (manager) => balanceOf(await this.lock(manager, accountId)));
  }

  /** Holds `credits` for a job; the same job again answers its first reservation and holds nothing more. */
  async reserve(accountId: number, jobId: string, credits: number): Promise<{ reservation: Reservation; credits: CreditBalance }> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lock(manager, accountId);
      const existing = await this.entriesOfJob(manager, accountId, jobId);
      if (existing.length > 0) return { reservation: reservationOf(jobId, existing), credits: balanceOf(account) };
      if (account.balance < credits) {
        throw AppgenError.of(
          'insufficient_credits',
          `This generation needs ${credits} credit${credits === 1 ? '' : 's'} and the balance is ${account.balance}; buy a credit pack (POST /api/v1/credit_packs/checkout)`,
        );
      }
      await this.append(manager, accountId, { kind: 'reservation', credits: -credits, jobId });
      const after = await this.move(manager, accountId, 'used', credits);
      return { reservation: reservationOf(jobId, [{ kind: 'reservation', credits: -credits, job_id: jobId }]), credits: balanceOf(after) };
    });
  }

  /** Charges a finished job what it used (at most its reservation) and gives the rest back; once per job. */
  settle(accountId: number, jobId: string, creditsUsed: number, tokens: { input: number; output: number }) {
    return this.end(accountId, jobId, (reserved) => ({ kind: 'settlement', refund: settlementRefund(reserved, creditsUsed), tokens }));
  }

  /** Gives a failed or cancelled job's whole reservation back; once per job. */
  release(accountId: number, jobId: string) {
    return this.end(accountId, jobId, (reserved) => ({ kind: 'release', refund: reserved, tokens: { input: 0, output: 0 } }));
  }

  /** An operator's grant (positive) or correction (negative, never below a zero balance). */
  async grant(accountId: number, credits: number, reason: string): Promise<CreditBalance> {
    if (credits === 0) throw AppgenError.validation([{ field: 'credits', message: 'must not be 0' }]);
    if (reason === 'signup') throw AppgenError.validation([{ field: 'reason', message: 'signup is the reason of the signup grant only' }]);
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lock(manager, accountId);
      if (account.balance + credits < 0) {
        throw AppgenError.of('insufficient_credits', `The balance is ${account.balance}; it cannot go down by ${-credits}`);
      }
      await this.append(manager, accountId, { kind: 'grant', credits, reason });
      return balanceOf(await this.move(manager, accountId, 'granted', credits));
    });
  }

  /**
   * Credits a paid checkout session's pack to its account, once. The purchase entry is unique per session in the
   * database (ledger_purchase_per_session), so a second call, concurrent or later, inserts nothing and moves
   * nothing: there is no read-then-write to race. Runs in the caller's transaction, the one marking the session paid.
   */
  async purchase(manager: EntityManager, accountId: number, sessionId: string, credits: number): Promise<{ credited: boolean; credits: CreditBalance }> {
    const account = await this.lock(manager, accountId);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ledger_entries (account_id, kind, credits, session_id) VALUES ($1, 'purchase', $2, $3)
       ON CONFLICT (session_id) WHERE kind = 'purchase' DO NOTHING RETURNING id`,
      [accountId, credits, sessionId],
    );
    if (inserted.length === 0) return { credited: false, credits: balanceOf(account) };
    return { credited: true, credits: balanceOf(await this.move(manager, accountId, 'purchased', credits)) };
  }

  /** The balance and this calendar month's charged generations, credits and tokens. */
  async usage(accountId: number, now = new Date()): Promise<BillingUsageResponse> {
    const credits = await this.balance(accountId);
    const { period, start, end } = usagePeriod(now);
    // A job counts in the month it was reserved in; a released (refunded) job is not a generation that was charged.
    const [row]: UsageRow[] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ending.kind IS DISTINCT FROM 'release') AS generations,
              coalesce(sum(-held.credits - coalesce(ending.credits, 0)), 0) AS credits_used,
              coalesce(sum(ending.tokens_input), 0) AS tokens_input,
              coalesce(sum(ending.tokens_output), 0) AS tokens_output
         FROM ledger_entries held
         LEFT JOIN ledger_entries ending ON ending.job_id = held.job_id AND ending.kind IN ('settlement', 'release')
        WHERE held.account_id = $1 AND held.kind = 'reservation' AND held.created_at >= $2 AND held.created_at < $3`,
      [accountId, start, end],
    );
    return {
      credits,
      usage: {
        period,
        generations: Number(row?.generations ?? 0),
        credits_used: Number(row?.credits_used ?? 0),
        tokens_used: { input: Number(row?.tokens_input ?? 0), output: Number(row?.tokens_output ?? 0) },
      },
    };
  }

  private async end(
    accountId: number,
    jobId: string,
    ending: (reserved: number) => { kind: 'settlement' | 'release'; refund: number; tokens: { input: number; output: number } },
  ): Promise<{ reservation: Reservation; credits: CreditBalance }> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lock(manager, accountId);
      const entries = await this.entriesOfJob(manager, accountId, jobId);
      const current = reservationOf(jobId, entries);
      if (entries.length === 0) throw AppgenError.notFound('Credit reservation of job', jobId);
      // Already settled or released: the first ending stands, a retried message changes nothing.
      if (current.status !== 'reserved') return { reservation: current, credits: balanceOf(account) };
      const { kind, refund, tokens } = ending(current.reserved);
      await this.append(manager, accountId, { kind, credits: refund, jobId, tokens });
      const after = await this.move(manager, accountId, 'used', -refund);
      return { reservation: reservationOf(jobId, [...entries, { kind, credits: refund, job_id: jobId }]), credits: balanceOf(after) };
    });
  }

  /**
   * Locks the account's totals row for the rest of the transaction. The first time the account is seen, the row
   * is created with the signup grant (decisions.md: 50 credits), and the grant is its first ledger entry.
   */
  private async lock(manager: EntityManager, accountId: number): Promise<CreditAccountRow> {
    const created: unknown[] = await manager.query(
      `INSERT INTO credit_accounts (account_id, balance, granted) VALUES ($1, $2, $2)
       ON CONFLICT (account_id) DO NOTHING RETURNING account_id`,
      [accountId, SIGNUP_GRANT_CREDITS],
    );
    if (created.length > 0) await this.append(manager, accountId, { kind: 'grant', credits: SIGNUP_GRANT_CREDITS, reason: 'signup' });
    const [row]: CreditAccountRow[] = await manager.query('SELECT * FROM credit_accounts WHERE account_id = $1 FOR UPDATE', [accountId]);
    if (!row) throw new Error(`credit account ${accountId} vanished inside its transaction`);
    return row;
  }

  /** The job's entries, of this account only: another account's job is not found. */
  private entriesOfJob(manager: EntityManager, accountId: number, jobId: string): Promise<LedgerEntryRow[]> {
    return manager.query(
      `SELECT kind, credits, job_id FROM ledger_entries WHERE job_id = $1 AND account_id = $2 ORDER BY id`,
      [jobId, accountId],
    );
  }

  private async append(
    manager: EntityManager,
    accountId: number,
    entry: { kind: LedgerEntryRow['kind']; credits: number; jobId?: string; sessionId?: string; reason?: string; tokens?: { input: number; output: number } },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ledger_entries (account_id, kind, credits, job_id, session_id, reason, tokens_input, tokens_output)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [accountId, entry.kind, entry.credits, entry.jobId ?? null, entry.sessionId ?? null, entry.reason ?? null, entry.tokens?.input ?? 0, entry.tokens?.output ?? 0],
    );
  }

  /** Moves one total by `delta` and the balance with it (used counts against the balance), returning the row. */
  private async move(manager: EntityManager, accountId: number, total: Totals, delta: number): Promise<CreditAccountRow> {
    const sign = total === 'used' ? -1 : 1;
    // For UPDATE the postgres driver answers [returned rows, affected count].
    const [[row]] = await manager.query<[CreditAccountRow[], number]>(
      `UPDATE credit_accounts SET ${total} = ${total} + $2, balance = balance + $3, updated_at = now() WHERE account_id = $1 RETURNING *`,
      [accountId, delta, sign * delta],
    );
    if (!row) throw new Error(`credit account ${accountId} vanished inside its transaction`);
    return row;
  }
}
