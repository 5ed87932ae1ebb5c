import type { CreditBalance, Reservation } from '@appgen/contracts';

/** An account's totals row as stored. */
export interface CreditAccountRow {
  account_id: number;
  balance: number;
  granted: number;
  purchased: number;
  used: number;
}

/** One ledger entry as stored (only the fields the ledger reads back). */
export interface LedgerEntryRow {
  kind: 'grant' | 'purchase' | 'reservation' | 'settlement' | 'release';
  credits: number;
  job_id: string | null;
}

export function balanceOf(row: CreditAccountRow): CreditBalance {
  return { balance: row.balance, purchased: row.purchased, granted: row.granted, used: row.used };
}

/**
 * A job's reservation as its entries say: reserved is what was held; an ending returns part or all of it.
 * `entries` are the job's reservation and, when it ended, its settlement or release.
 */
export function reservationOf(jobId: string, entries: LedgerEntryRow[]): Reservation {
  const held = entries.find((entry) => entry.kind === 'reservation');
  const reserved = held ? -held.credits : 0;
  const ending = entries.find((entry) => entry.kind === 'settlement' || entry.kind === 'release');
  if (!ending) return { job_id: jobId, reserved, status: 'reserved', credits_used: reserved };
  return {
    job_id: jobId,
    reserved,
    status: ending.kind === 'settlement' ? 'settled' : 'released',
    credits_used: reserved - ending.credits,
  };
}

/** What a settlement gives back: the reservation less the charge, the charge being at most the reservation. */
export function settlementRefund(reserved: number, creditsUsed: number): number {
  return reserved - Math.min(reserved, Math.max(0, creditsUsed));
}

/** The calendar month (UTC) `now` falls in, as `YYYY-MM`, with its bounds. */
export function usagePeriod(now: Date): { period: string; start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { period: start.toISOString().slice(0, 7), start, end };
}
