import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OAuth authorization server's storage: every record of oidc-provider by the SHA-256 of its id, indexed by
 * grant (revoking a grant takes its codes and tokens), session uid and expiry (the sweep); and its keys, one
 * sealed row shared by every gateway replica.
 */
export class CreateOAuthRecords1763700005000 implements MigrationInterface {
  name = 'CreateOAuthRecords1763700005000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oauth_records (
        model text NOT NULL,
        id_hash text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        uid text,
        user_code_hash text,
        account_id integer REFERENCES accounts (id) ON DELETE CASCADE,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (model, id_hash)
      )`);
    await queryRunner.query('CREATE INDEX oauth_records_grant_idx ON oauth_records (grant_id)');
    await queryRunner.query('CREATE INDEX oauth_records_uid_idx ON oauth_records (model, uid)');
    await queryRunner.query('CREATE INDEX oauth_records_user_code_idx ON oauth_records (model, user_code_hash)');
    await queryRunner.query('CREATE INDEX oauth_records_expires_idx ON oauth_records (expires_at)');
    await queryRunner.query(`
      CREATE TABLE oauth_provider_keys (
        id smallint PRIMARY KEY CONSTRAINT oauth_provider_keys_single_row CHECK (id = 1),
        sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE oauth_provider_keys');
    await queryRunner.query('DROP TABLE oauth_records');
  }
}
