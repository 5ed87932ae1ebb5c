import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shared by every service that publishes events; each runs it in its own schema. */
export class CreateOutbox1763700000000 implements MigrationInterface {
  name = 'CreateOutbox1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        kind text NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX outbox_unpublished_idx ON outbox (seq) WHERE published_at IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbox');
  }
}
