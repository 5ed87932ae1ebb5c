import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the attempt a worker holds ends at the latest: set by the claim, cleared when the outcome is written.
 * next_attempt_at alone cannot tell an attempt in flight from a retry that is waiting, and a redeliver must
 * not start a second send of a delivery that is being sent.
 */
export class AddDeliveryLease1763700007000 implements MigrationInterface {
  name = 'AddDeliveryLease1763700007000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries ADD COLUMN leased_until timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN leased_until');
  }
}
