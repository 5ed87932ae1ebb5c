import { Logger } from '@nestjs/common';
import { DomainsSubjects, productionUrlOf } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import { publicUrls, type DeploymentConfig } from '../config/deployment.config';

const log = new Logger('ProductionUrl');

/**
 * The production_url a deployment hands out: `https://<primary domain>` while the app's primary custom domain is
 * operational (domains-service knows), else the default address. domains-service being away does not hold a
 * deploy up: the default address is used, and domains-service puts the primary back when the domain next changes.
 */
export async function productionUrl(rpc: RpcClient, config: DeploymentConfig, appId: string): Promise<string> {
  const fallback = publicUrls(config, appId).production;
  try {
    const { domain } = await rpc.request(DomainsSubjects.primaryDomain, { app_id: appId });
    return productionUrlOf(fallback, domain);
  } catch (error) {
    log.warn(`primary domain of app ${appId} unknown, using its default address: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
}
