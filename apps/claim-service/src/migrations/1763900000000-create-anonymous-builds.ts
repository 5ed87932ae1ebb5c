import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per anonymous build: the app it made (owned by no account until claimed), the SHA-256 of its claim
 * token, when its window ends, and its claim or its deletion. The expiry sweep works from `next_delete_at` (the
 * end of the window, pushed back after a failed delete), so its state survives restarts.
 */
export class CreateAnonymousBuilds1763900000000 implements MigrationInterface {
  name = 'CreateAnonymousBuilds1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE anonymous_builds (
        app_id text PRIMARY KEY,
        job_id text NOT NULL,
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        ip_hash text CHECK (ip_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        claimed_at timestamptz,
        claimed_by integer,
        claimed_view jsonb,
        deleted_at timestamptz,
        next_delete_at timestamptz NOT NULL,
        delete_attempts integer NOT NULL DEFAULT 0,
        last_error text,
        CHECK ((claimed_at IS NULL) = (claimed_by IS NULL)),
        CHECK (claimed_at IS NULL OR deleted_at IS NULL)
      )`);
    await queryRunner.query(
      `CREATE INDEX anonymous_builds_due_idx ON anonymous_builds (next_delete_at) WHERE claimed_at IS NULL AND deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE anonymous_builds');
  }
}
