import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trace a delivery belongs to (the event's, or the generation job's for a callback), sent as the W3C
 * `traceparent` of every attempt, so a receiver that traces joins the trace of the request that caused it.
 */
export class AddDeliveryTrace1763900001600 implements MigrationInterface {
  name = 'AddDeliveryTrace1763900001600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries ADD COLUMN traceparent text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN traceparent');
  }
}
