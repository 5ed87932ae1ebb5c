import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credit ledger: every change to an account's credits is one appended row of `ledger_entries` (never
 * updated or deleted), and `credit_accounts` holds each account's totals, updated in the same transaction as the
 * entry under the account row's lock. Reads take the totals row; writes lock it, so two concurrent
 * reservations of one account run one after the other and the CHECK refuses a negative balance whatever happens.
 */
export class CreateCreditLedger1763800000000 implements MigrationInterface {
  name = 'CreateCreditLedger1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE credit_accounts (
        account_id integer PRIMARY KEY,
        balance integer NOT NULL CHECK (balance >= 0),
        granted integer NOT NULL DEFAULT 0,
        purchased integer NOT NULL DEFAULT 0,
        used integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (balance = granted + purchased - used)
      )`);
    await queryRunner.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES credit_accounts (account_id),
        kind text NOT NULL CHECK (kind IN ('grant', 'purchase', 'reservation', 'settlement', 'release')),
        credits integer NOT NULL,
        job_id text,
        session_id text,
        reason text,
        tokens_input integer NOT NULL DEFAULT 0,
        tokens_output integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind IN ('reservation', 'settlement', 'release')) = (job_id IS NOT NULL)),
        CHECK ((kind = 'purchase') = (session_id IS NOT NULL))
      )`);
    // One reservation per job, and one ending (settlement or release) per job: a retried message charges once.
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_reservation_per_job ON ledger_entries (job_id) WHERE kind = 'reservation'`);
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_ending_per_job ON ledger_entries (job_id) WHERE kind IN ('settlement', 'release')`);
    // A paid checkout session credits its account once, whatever is retried or replayed.
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_purchase_per_session ON ledger_entries (session_id) WHERE kind = 'purchase'`);
    // The signup grant, once per account.
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_signup_grant ON ledger_entries (account_id) WHERE kind = 'grant' AND reason = 'signup'`);
    await queryRunner.query(`CREATE INDEX ledger_account_time ON ledger_entries (account_id, created_at)`);
    await queryRunner.query(`
      CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'ledger_entries is append-only'; END $$`);
    await queryRunner.query(`
      CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
        FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ledger_entries');
    await queryRunner.query('DROP FUNCTION ledger_entries_append_only()');
    await queryRunner.query('DROP TABLE credit_accounts');
  }
}
