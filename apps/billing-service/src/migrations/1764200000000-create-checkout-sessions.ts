import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout sessions: one row per attempt to buy a pack, owned by the account that opened it. The pack is copied
 * in (price in cents, credits) so that a later change of the packs never changes what an open session sells.
 * A session is paid at most once; the credit itself is the ledger's `purchase` entry, unique per session_id
 * (ledger_purchase_per_session), written in the transaction that marks the session paid.
 */
export class CreateCheckoutSessions1764200000000 implements MigrationInterface {
  name = 'CreateCheckoutSessions1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE checkout_sessions (
        id text PRIMARY KEY,
        account_id integer NOT NULL REFERENCES credit_accounts (account_id),
        pack_name text NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        currency text NOT NULL,
        credits integer NOT NULL CHECK (credits > 0),
        provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
        provider_session_id text,
        checkout_url text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired')),
        expires_at timestamptz NOT NULL,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
        CHECK ((provider = 'stripe') = (provider_session_id IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX checkout_sessions_provider_session ON checkout_sessions (provider, provider_session_id) WHERE provider_session_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX checkout_sessions_account ON checkout_sessions (account_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE checkout_sessions');
  }
}
