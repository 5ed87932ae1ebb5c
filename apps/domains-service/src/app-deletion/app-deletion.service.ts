import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainsEvents } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';

/** What domains-service holds of an app, removed when apps-service deleted the app. */
@Injectable()
export class AppDeletionService {
  private readonly log = new Logger('AppDeletion');

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Deletes the app's custom domains, with their certificates and keys (they live in the rows) and any ACME
   * challenge in flight for them, in one transaction, so their names are free for any account at once; then tells
   * every edge replica to forget each name and its TLS context. Repeating it removes nothing more. Answers the
   * names removed.
   */
  async removeApp(appId: string): Promise<string[]> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const rows: Array<{ domain: string }> = await manager.query(
        'WITH gone AS (DELETE FROM custom_domains WHERE app_id = $1 RETURNING domain) SELECT domain FROM gone ORDER BY domain',
        [appId],
      );
      const domains = rows.map((row) => row.domain);
      if (domains.length > 0) await manager.query('DELETE FROM acme_challenges WHERE domain = ANY($1::text[])', [domains]);
      return domains;
    });
    // After the commit: an edge that asks again from here on finds no such domain. announce never fails the change:
    // while NATS is away the edge forgets the names by itself within RUNTIME_CACHE_MS (its cache of resolveHost), and
    // a TLS context it still holds is never used for a name that no longer resolves.
    for (const domain of removed) {
      if (!(await this.rpc.announce(DomainsEvents.hostChanged, { domain }))) this.log.warn(`the edge was not told at once that ${domain} was removed`);
    }
    return removed;
  }
}
