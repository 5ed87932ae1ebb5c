import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppsSubjects, productionUrlOf, type Caller } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { DOMAINS_CONFIG, defaultUrls, type DomainsConfig } from '../config/domains.config';

/**
 * Keeps an app's production_url on its primary custom domain while that domain is operational (contract 4.6,
 * set_primary). apps-service stores the address, regenerates AGENTS.md and announces app.updated when it changes,
 * so the status view and generation callbacks, which read it there, follow. An app not deployed (no
 * production_url) is left alone: deployment-service asks for the primary when it deploys.
 */
@Injectable()
export class ProductionAddress {
  private readonly log = new Logger('ProductionAddress');

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    @Inject(DOMAINS_CONFIG) private readonly config: DomainsConfig,
  ) {}

  /** The app's primary domain while it is operational, else null. */
  async operationalPrimary(appId: string): Promise<string | null> {
    const rows: Array<{ domain: string }> = await this.dataSource.query(
      `SELECT domain FROM custom_domains WHERE app_id = $1 AND is_primary AND verification_status = 'verified' AND ssl_status = 'active'`,
      [appId],
    );
    return rows[0]?.domain ?? null;
  }

  /** Brings the app's production_url in line with its primary domain; failures are the caller's to report. */
  async sync(caller: Caller, appId: string): Promise<void> {
    const { app } = await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    if (app.production_url === null) return;
    const wanted = productionUrlOf(defaultUrls(this.config, appId).production, await this.operationalPrimary(appId));
    if (wanted !== app.production_url) await this.rpc.request(AppsSubjects.setLifecycle, { caller, id: appId, changes: { production_url: wanted } });
  }

  /** For background work: a failure is logged, and the next change of the domain or the next deploy puts it right. */
  async syncQuietly(caller: Caller, appId: string): Promise<void> {
    try {
      await this.sync(caller, appId);
    } catch (error) {
      this.log.warn(`production_url of app ${appId} not updated: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
