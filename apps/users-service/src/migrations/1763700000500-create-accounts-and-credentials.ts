import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccountsAndCredentials1763700000500 implements MigrationInterface {
  name = 'CreateAccountsAndCredentials1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE accounts (
        id serial PRIMARY KEY,
        email text NOT NULL,
        name text,
        plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'enterprise')),
        credits integer NOT NULL DEFAULT 50,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email))');

    await queryRunner.query(`
      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        key_hash text NOT NULL,
        key_prefix text NOT NULL,
        key_last4 text NOT NULL,
        scope text NOT NULL CHECK (scope IN ('read_only', 'read_write', 'full_access')),
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz,
        request_count bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash)');
    await queryRunner.query('CREATE INDEX api_keys_account_created_idx ON api_keys (account_id, created_at, id)');

    // One live code per account: issuing a new one replaces the row, so older codes stop working.
    await queryRunner.query(`
      CREATE TABLE sign_in_codes (
        account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE access_tokens (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX access_tokens_token_hash_key ON access_tokens (token_hash)');
    await queryRunner.query('CREATE INDEX access_tokens_expires_idx ON access_tokens (expires_at)');

    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        failed_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mail_outbox');
    await queryRunner.query('DROP TABLE access_tokens');
    await queryRunner.query('DROP TABLE sign_in_codes');
    await queryRunner.query('DROP TABLE api_keys');
    await queryRunner.query('DROP TABLE accounts');
  }
}
