import { connect, type NatsConnection } from 'nats';
import { BillingSubjects, UsersSubjects } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { ADMIN_USAGE, parseAdminArgs, UsageError, type AdminCommand } from './admin-args';

export interface AdminEnvironment {
  natsUrl: string;
  timeoutMs: number;
  out: (text: string) => void;
}

const START_FIRST = 'start the platform with `npm start` first';

/** Runs one admin command; returns the process exit code. Every failure is one readable line on `err`. */
export async function runAdmin(argv: readonly string[], environment: AdminEnvironment, err: (line: string) => void): Promise<number> {
  let service = 'users-service';
  try {
    const command = parseAdminArgs(argv);
    if (command.kind === 'help') {
      environment.out(ADMIN_USAGE);
      return 0;
    }
    if (command.kind === 'grant-credits') {
      service = 'billing-service';
      await grantCredits(command, environment);
    } else {
      await createAccount(command, environment);
    }
    return 0;
  } catch (error) {
    err(`Error: ${describeFailure(error, environment.natsUrl, service)}`);
    return 1;
  }
}

async function createAccount(command: Extract<AdminCommand, { kind: 'create-account' }>, environment: AdminEnvironment): Promise<void> {
  const connection = await connectOnce(environment.natsUrl);
  try {
    const rpc = new RpcClient(connection, environment.timeoutMs);
    const created = await rpc.request(UsersSubjects.adminCreateAccount, {
      email: command.email,
      plan: command.plan,
      ...(command.name === undefined ? {} : { name: command.name }),
    });
    environment.out(
      [
        `Account ${created.account.id} created for ${created.account.email} (plan ${created.account.plan}).`,
        'Full-access API key (it will not be shown again; store it now):',
        '',
        `  ${created.raw_key}`,
        '',
        'Use it as the X-API-Key header.',
        '',
      ].join('\n'),
    );
  } finally {
    await connection.close();
  }
}

async function grantCredits(command: Extract<AdminCommand, { kind: 'grant-credits' }>, environment: AdminEnvironment): Promise<void> {
  const connection = await connectOnce(environment.natsUrl);
  try {
    const rpc = new RpcClient(connection, environment.timeoutMs);
    const { credits } = await rpc.request(BillingSubjects.grant, { account_id: command.accountId, credits: command.credits, reason: command.reason });
    const verb = command.credits > 0 ? `Granted ${command.credits} credits to` : `Took ${-command.credits} credits from`;
    environment.out(`${verb} account ${command.accountId}: the balance is ${credits.balance} (granted ${credits.granted}, purchased ${credits.purchased}, used ${credits.used}).\n`);
  } finally {
    await connection.close();
  }
}

class NatsUnreachable extends Error {}

async function connectOnce(url: string): Promise<NatsConnection> {
  try {
    return await connect({ servers: url, name: 'appgen-admin', timeout: 3000, reconnect: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new NatsUnreachable(`cannot reach NATS at ${url} (${reason}); ${START_FIRST}, or set NATS_URL`);
  }
}

function describeFailure(error: unknown, natsUrl: string, service: string): string {
  if (error instanceof UsageError || error instanceof NatsUnreachable) return error.message;
  if (error instanceof AppgenError) {
    const { body } = error.payload;
    if (body.error === 'service_unavailable') return `${service} is not running on ${natsUrl}; ${START_FIRST}`;
    if (body.error === 'upstream_timeout') return `${service} did not answer in time; ${START_FIRST}`;
    return body.message;
  }
  return error instanceof Error ? error.message : String(error);
}
