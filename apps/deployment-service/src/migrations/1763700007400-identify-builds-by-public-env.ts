import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A build's bundle depends on its version's files and on the app's PUBLIC_ environment variables, which are
 * compiled in. So a build is identified by the version, the digest of those values ('' without any: every build
 * made before env vars existed) and `rebuild`, which counts builds of the same version and values made again
 * because other values were built in between (values A, then B, then A again must become the newest preview).
 */
export class IdentifyBuildsByPublicEnv1763700007400 implements MigrationInterface {
  name = 'IdentifyBuildsByPublicEnv1763700007400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE builds
        ADD COLUMN public_env_digest text NOT NULL DEFAULT '',
        ADD COLUMN rebuild integer NOT NULL DEFAULT 0`);
    await queryRunner.query('DROP INDEX builds_app_version_key');
    await queryRunner.query('CREATE UNIQUE INDEX builds_app_version_env_key ON builds (app_id, version_id, public_env_digest, rebuild)');
  }

  /**
   * Back to one build per version: the first of each, and the others with it unless a deployment still names
   * one (production served it), which cannot be undone without losing that history; then this refuses.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM builds b
       WHERE EXISTS (SELECT 1 FROM builds f WHERE f.app_id = b.app_id AND f.version_id = b.version_id AND f.id < b.id)
         AND NOT EXISTS (SELECT 1 FROM deployments d WHERE d.build_id = b.id)`);
    await queryRunner.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM builds GROUP BY app_id, version_id HAVING count(*) > 1) THEN
          RAISE EXCEPTION 'deployments name builds of the same version with other public env vars; one build per version cannot hold them';
        END IF;
      END $$`);
    await queryRunner.query('DROP INDEX builds_app_version_env_key');
    await queryRunner.query('CREATE UNIQUE INDEX builds_app_version_key ON builds (app_id, version_id)');
    await queryRunner.query('ALTER TABLE builds DROP COLUMN public_env_digest, DROP COLUMN rebuild');
  }
}
