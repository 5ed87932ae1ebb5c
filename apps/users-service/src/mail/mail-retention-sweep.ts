import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicSweep } from '../common/periodic-sweep';
import { USERS_CONFIG, type UsersConfig } from '../config/users.config';

/** Purges sent and failed mail once MAIL_RETENTION_HOURS have passed since it finished. */
@Injectable()
export class MailRetentionSweep extends PeriodicSweep {
  constructor(
    dataSource: DataSource,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
  ) {
    super(dataSource);
  }

  protected batchSql(): { sql: string; params: unknown[] } {
    return {
      sql: `DELETE FROM mail_outbox WHERE id IN (
              SELECT id FROM mail_outbox
               WHERE coalesce(sent_at, failed_at) < now() - make_interval(hours => $2)
               LIMIT $1 FOR UPDATE SKIP LOCKED)
            RETURNING 1`,
      params: [this.config.MAIL_RETENTION_HOURS],
    };
  }

  protected describe(purged: number): string {
    return `purged ${purged} mails finished over ${this.config.MAIL_RETENTION_HOURS} h ago`;
  }
}
