import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom domains with their verification and certificate state, kept here so that the checker resumes after a
 * restart and replicas share the work (rows are claimed with FOR UPDATE SKIP LOCKED); the ACME account and the
 * http-01 challenges in flight, which any replica's edge request may ask for.
 */
export class CreateCustomDomains1763900000000 implements MigrationInterface {
  name = 'CreateCustomDomains1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE custom_domains (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        app_id text NOT NULL,
        domain text NOT NULL,
        is_apex boolean NOT NULL,
        record_name text NOT NULL,
        is_primary boolean NOT NULL DEFAULT false,
        verification_status text NOT NULL DEFAULT 'pending' CHECK (verification_status IN ('pending', 'verified', 'failed')),
        verification_error text,
        verified_at timestamptz,
        hostname_status text NOT NULL DEFAULT 'pending' CHECK (hostname_status IN ('pending', 'active', 'moved', 'deleted')),
        -- milliseconds, as the checker compares it with the value it read to know the cycle is still the same
        cycle_started_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
        checks_done integer NOT NULL DEFAULT 0,
        next_check_at timestamptz,
        ssl_status text NOT NULL DEFAULT 'pending' CHECK (ssl_status IN ('pending', 'initializing', 'active', 'failed')),
        ssl_error text,
        ssl_active_at timestamptz,
        next_ssl_at timestamptz,
        cert_pem text,
        key_sealed text,
        cert_expires_at timestamptz,
        caller jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One app per domain across all accounts; the name is stored lowercase punycode, so equal names are equal text.
    await queryRunner.query('CREATE UNIQUE INDEX custom_domains_domain_key ON custom_domains (domain)');
    await queryRunner.query('CREATE INDEX custom_domains_app_idx ON custom_domains (app_id, id)');
    await queryRunner.query('CREATE UNIQUE INDEX custom_domains_one_primary_key ON custom_domains (app_id) WHERE is_primary');
    // The checker's two queues: DNS checks due, certificate orders and renewals due.
    await queryRunner.query('CREATE INDEX custom_domains_check_due_idx ON custom_domains (next_check_at) WHERE next_check_at IS NOT NULL');
    await queryRunner.query('CREATE INDEX custom_domains_ssl_due_idx ON custom_domains (next_ssl_at) WHERE next_ssl_at IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE acme_accounts (
        directory_url text PRIMARY KEY,
        key_sealed text NOT NULL,
        account_url text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE acme_challenges (
        token text PRIMARY KEY,
        domain text NOT NULL,
        key_authorization text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE acme_challenges');
    await queryRunner.query('DROP TABLE acme_accounts');
    await queryRunner.query('DROP TABLE custom_domains');
  }
}
