import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker finds the receivers with pending deliveries by skipping through this index, and takes each
 * one's oldest due deliveries from it (callbacks, which have no subscription, are receiver 0). Holding
 * pending rows only, a claim reads just the rows it may take, however long the history of sent deliveries
 * or the backlog of a burst grows. It replaces the index on next_attempt_at alone, which nothing reads any
 * more and every insert, lease and outcome would still have to write.
 */
export class IndexPendingDeliveries1763700005000 implements MigrationInterface {
  name = 'IndexPendingDeliveries1763700005000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX deliveries_pending_receiver_idx ON deliveries ((coalesce(subscription_id, 0)), next_attempt_at, id) WHERE status = 'pending'`,
    );
    await queryRunner.query('DROP INDEX deliveries_due_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending'`);
    await queryRunner.query('DROP INDEX deliveries_pending_receiver_idx');
  }
}
