import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verified domains are re-checked now (their `next_check_at` is their next re-check): those verified before this
 * had none, and get one within the next hour, spread so that they are not all looked up at once.
 */
export class RecheckVerifiedDomains1764100000000 implements MigrationInterface {
  name = 'RecheckVerifiedDomains1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE custom_domains SET next_check_at = now() + random() * interval '1 hour'
        WHERE verification_status = 'verified' AND next_check_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE custom_domains SET next_check_at = NULL WHERE verification_status = 'verified'`);
  }
}
