import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAppUsers1763700001500 implements MigrationInterface {
  name = 'CreateAppUsers1763700001500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE app_users (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        app_id text NOT NULL,
        email text NOT NULL,
        access_tier text NOT NULL DEFAULT 'free' CHECK (access_tier IN ('free', 'basic', 'pro', 'premium', 'enterprise')),
        tier_granted_at timestamptz NOT NULL DEFAULT now(),
        tier_expires_at timestamptz,
        revoked_at timestamptz,
        first_accessed_at timestamptz NOT NULL DEFAULT now(),
        last_accessed_at timestamptz NOT NULL DEFAULT now(),
        access_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX app_users_app_email_key ON app_users (app_id, lower(email))');
    await queryRunner.query('CREATE INDEX app_users_account_idx ON app_users (account_id, app_id)');

    // A code may be asked for before the app user exists (first sign-in), so it is keyed by app and e-mail.
    await queryRunner.query(`
      CREATE TABLE app_user_codes (
        app_id text NOT NULL,
        email text NOT NULL,
        code_hash text NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, email)
      )`);

    await queryRunner.query(`
      CREATE TABLE app_user_sessions (
        id bigserial PRIMARY KEY,
        app_user_id integer NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX app_user_sessions_token_hash_key ON app_user_sessions (token_hash)');
    await queryRunner.query('CREATE INDEX app_user_sessions_expires_idx ON app_user_sessions (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE app_user_sessions');
    await queryRunner.query('DROP TABLE app_user_codes');
    await queryRunner.query('DROP TABLE app_users');
  }
}
