import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An entity may be declared open for writes (a guest book): visitors who are not signed in may then add,
 * change and delete its rows; every other entity takes writes from signed-in app users only. Existing
 * entities become closed, which is the point: visitors of public apps could write everywhere before.
 * Only shared entities can be open, as a user_scoped row belongs to the signed-in user who added it.
 */
export class AddEntityOpenWrites1763700006500 implements MigrationInterface {
  name = 'AddEntityOpenWrites1763700006500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE app_entities
        ADD COLUMN open_writes boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT app_entities_open_writes_shared CHECK (NOT (open_writes AND user_scoped))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE app_entities
        DROP CONSTRAINT app_entities_open_writes_shared,
        DROP COLUMN open_writes`);
  }
}
