import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWebhooks1763700003000 implements MigrationInterface {
  name = 'CreateWebhooks1763700003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        url text NOT NULL,
        name text NOT NULL,
        description text,
        events text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'zapier')),
        secret_sealed text NOT NULL,
        failing_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX subscriptions_account_idx ON subscriptions (account_id, id)');
    // subscription_id is null for generation callbacks, which go to a job's callback_url instead.
    await queryRunner.query(`
      CREATE TABLE deliveries (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        subscription_id integer REFERENCES subscriptions (id) ON DELETE CASCADE,
        url text,
        job_id text,
        event_id text NOT NULL,
        event text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        failed_steps integer NOT NULL DEFAULT 0,
        response_status integer,
        response_ms integer,
        error text,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (subscription_id, event_id),
        UNIQUE (account_id, job_id)
      )`);
    await queryRunner.query(`CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending'`);
    await queryRunner.query('CREATE INDEX deliveries_subscription_idx ON deliveries (subscription_id, id DESC)');
    await queryRunner.query(`
      CREATE TABLE callback_secrets (
        account_id integer PRIMARY KEY,
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE callback_secrets');
    await queryRunner.query('DROP TABLE deliveries');
    await queryRunner.query('DROP TABLE subscriptions');
  }
}
