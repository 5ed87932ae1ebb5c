import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RuntimeApp } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/** One primary-key lookup: the edge asks this for every request it cannot answer from its short cache. */
const RESOLVE_SQL = 'SELECT id, account_id, name, status, visibility FROM managed_apps WHERE id = $1';

@Injectable()
export class RuntimeService {
  constructor(private readonly dataSource: DataSource) {}

  async resolve(appId: string): Promise<RuntimeApp> {
    const rows = await this.dataSource.query<RuntimeApp[]>(RESOLVE_SQL, [appId]);
    const app = rows[0];
    if (!app) throw AppgenError.notFound('App', appId);
    return { id: app.id, account_id: app.account_id, name: app.name, status: app.status, visibility: app.visibility };
  }
}
