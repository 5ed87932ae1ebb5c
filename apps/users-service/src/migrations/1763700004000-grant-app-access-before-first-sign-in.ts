import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account may grant someone access to an app before they ever sign in to it, so an app user's first and
 * last access are unknown (null) until then; listing an account's users newest first needs an index.
 */
export class GrantAppAccessBeforeFirstSignIn1763700004000 implements MigrationInterface {
  name = 'GrantAppAccessBeforeFirstSignIn1763700004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE app_users
         ALTER COLUMN first_accessed_at DROP NOT NULL,
         ALTER COLUMN first_accessed_at DROP DEFAULT,
         ALTER COLUMN last_accessed_at DROP NOT NULL,
         ALTER COLUMN last_accessed_at DROP DEFAULT`,
    );
    await queryRunner.query('CREATE INDEX app_users_account_created_idx ON app_users (account_id, created_at DESC, id DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX app_users_account_created_idx');
    // Users who never signed in get their grant's time, the closest the old columns can say.
    await queryRunner.query(
      `UPDATE app_users SET first_accessed_at = coalesce(first_accessed_at, tier_granted_at),
                            last_accessed_at = coalesce(last_accessed_at, tier_granted_at)
        WHERE first_accessed_at IS NULL OR last_accessed_at IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE app_users
         ALTER COLUMN first_accessed_at SET DEFAULT now(),
         ALTER COLUMN first_accessed_at SET NOT NULL,
         ALTER COLUMN last_accessed_at SET DEFAULT now(),
         ALTER COLUMN last_accessed_at SET NOT NULL`,
    );
  }
}
