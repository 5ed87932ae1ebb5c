import { randomBytes } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { UsersSubjects, type AccountRecord, type ApiKeyScope, type Plan } from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import { api } from './api';
import { e2eEnv } from './e2e-env';

export interface TestAccount {
  account: AccountRecord;
  email: string;
  /** A full_access key, as `npm run admin -- create-account` prints it. */
  key: string;
}

// The promise, not the connection, is shared: concurrent first callers must not each open one.
let connection: Promise<NatsConnection> | undefined;

/** The bus of the platform under test, for what operators do there (admin) and for reading events. */
export function bus(): Promise<NatsConnection> {
  connection ??= connectNats(e2eEnv().natsUrl, 'e2e-tests');
  return connection;
}

export async function closeBus(): Promise<void> {
  const open = connection;
  connection = undefined;
  await (await open)?.drain();
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * An account made the way an operator bootstraps one (the admin command's subject), so tests need no
 * mail round trip unless mail is what they test. Enterprise by default: its 1,000 requests/minute keep
 * the tests clear of the limit unless the limit is what they test.
 */
export async function adminAccount(plan: Plan = 'enterprise', label = 'owner'): Promise<TestAccount> {
  const email = uniqueEmail(label);
  const rpc = new RpcClient(await bus(), 10_000);
  const created = await rpc.request(UsersSubjects.adminCreateAccount, { email, plan });
  return { account: created.account, email, key: created.raw_key };
}

/** Creates a key of `scope` with `ownerKey` through the public API and returns the raw key and its id. */
export async function createKey(
  ownerKey: string,
  scope: ApiKeyScope,
  extra: { name?: string; expires_in_days?: number } = {},
): Promise<{ raw: string; id: number }> {
  const response = await api().post('/api/v1/api_keys').set('X-API-Key', ownerKey).send({ scope, ...extra });
  if (response.status !== 201) throw new Error(`creating a ${scope} key answered ${response.status}: ${response.text}`);
  return { raw: response.body.raw_key, id: response.body.api_key.id };
}
