import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicSweep } from '../common/periodic-sweep';

/** Purges OAuth records (codes, tokens, interactions, sessions, grants) past their expiry; none is read after it. */
@Injectable()
export class OAuthExpirySweep extends PeriodicSweep {
  constructor(dataSource: DataSource) {
    super(dataSource);
  }

  protected batchSql(): { sql: string; params: unknown[] } {
    return {
      sql: `DELETE FROM oauth_records WHERE (model, id_hash) IN (
              SELECT model, id_hash FROM oauth_records WHERE expires_at <= now()
               LIMIT $1 FOR UPDATE SKIP LOCKED)
            RETURNING 1`,
      params: [],
    };
  }

  protected describe(purged: number): string {
    return `purged ${purged} expired OAuth records`;
  }
}
