// Support for billing-service's integration specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import { startServiceUnderTest, type ServiceUnderTest } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config/billing.config';

/** `sql` reads the ledger as it is stored. */
export type BillingServiceUnderTest = ServiceUnderTest;

/** billing-service on a private NATS and a scratch database named after `databasePrefix`; `env` adds variables. */
export function startBillingServiceUnderTest(databasePrefix: string, env: NodeJS.ProcessEnv = {}): Promise<BillingServiceUnderTest> {
  return startServiceUnderTest({
    name: 'billing-service',
    schema: 'billing',
    databasePrefix,
    env,
    rpcTimeoutMs: 10_000,
    module: (config) => AppModule.forConfig(loadBillingConfig(config)),
  });
}
