import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in codes at rest: a mail's subject and body (which carry the code) are kept only until it is sent
 * or fails, mail is purged after a retention period, and code hashes become keyed.
 */
export class KeepMailContentUntilSent1763700003000 implements MigrationInterface {
  name = 'KeepMailContentUntilSent1763700003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE mail_outbox
         ALTER COLUMN subject DROP NOT NULL,
         ALTER COLUMN text_body DROP NOT NULL,
         ADD COLUMN discard_after timestamptz`,
    );
    // Every code mailed so far is still on record in the rows already sent: clear them now.
    await queryRunner.query(
      'UPDATE mail_outbox SET subject = NULL, text_body = NULL WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL',
    );
    await queryRunner.query(
      `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_finished_holds_no_content
         CHECK ((sent_at IS NULL AND failed_at IS NULL) OR (subject IS NULL AND text_body IS NULL))`,
    );
    await queryRunner.query(
      `CREATE INDEX mail_outbox_finished_idx ON mail_outbox ((coalesce(sent_at, failed_at)))
         WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL`,
    );
    // Codes issued before this were hashed without a key and no longer match: end them as expired (the same
    // refusal as a wrong code, without counting a failure), keeping the hourly count and any lockout.
    for (const table of ['sign_in_codes', 'app_user_codes']) {
      await queryRunner.query(`UPDATE ${table} SET expires_at = now() WHERE expires_at > now()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX mail_outbox_finished_idx');
    await queryRunner.query('ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_finished_holds_no_content');
    // The cleared content is gone for good; the columns only need a value again.
    await queryRunner.query(
      `UPDATE mail_outbox SET subject = coalesce(subject, ''), text_body = coalesce(text_body, '')
        WHERE subject IS NULL OR text_body IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE mail_outbox
         ALTER COLUMN subject SET NOT NULL,
         ALTER COLUMN text_body SET NOT NULL,
         DROP COLUMN discard_after`,
    );
  }
}
