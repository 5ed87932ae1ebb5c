import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OAuth clients registered before clients expired had no expiry: each now lives 30 days from today or 30 days past
 * the end of its last grant, whichever is later, as a client registered today would (OAuthStorageService.upsert).
 */
export class ExpireUnusedOAuthClients1763700006000 implements MigrationInterface {
  name = 'ExpireUnusedOAuthClients1763700006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE oauth_records client
         SET expires_at = GREATEST(
               now() + interval '30 days',
               (SELECT max(grant_record.expires_at) + interval '30 days' FROM oauth_records grant_record
                 WHERE grant_record.model = 'Grant'
                   AND encode(sha256(convert_to(grant_record.payload->>'clientId', 'UTF8')), 'hex') = client.id_hash))
       WHERE client.model = 'Client' AND client.expires_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE oauth_records SET expires_at = NULL WHERE model = 'Client'");
  }
}
