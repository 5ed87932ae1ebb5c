import { normalizeEmail, PLANS, type Plan } from '@appgen/contracts';

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'create-account'; email: string; plan: Plan; name: string | undefined }
  | { kind: 'grant-credits'; accountId: number; credits: number; reason: string };

export const ADMIN_USAGE = `appgen operator commands

Usage:
  npm run admin -- create-account EMAIL [--plan free|pro|enterprise] [--name NAME]
      Creates an account and prints a full_access API key for it (shown only once).
      Needs the platform running (npm start); NATS_URL selects the NATS server.
  npm run admin -- grant-credits ACCOUNT_ID CREDITS [--reason TEXT]
      Adds CREDITS to the account's balance (a negative number corrects it down, never below 0),
      recorded in billing's ledger as an operator grant with its reason; prints the new balance.
  npm run admin -- help
      Shows this help.
`;

/** A mistake in the command line; the message is one line a person can act on. */
export class UsageError extends Error {}

/** Reads `--flag value` and `--flag=value` options, refusing unknown flags and missing values. */
function takeOptions(args: string[], allowed: readonly string[]): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (!allowed.includes(flag)) throw new UsageError(`Unknown option --${flag} (allowed: ${allowed.map((a) => `--${a}`).join(', ')})`);
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = args[i + 1];
      i += 1;
    }
    if (value === undefined || value === '') throw new UsageError(`Option --${flag} needs a value`);
    options.set(flag, value);
  }
  return { positional, options };
}

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'grant-credits') return parseGrantCredits(rest);
  if (command !== 'create-account') throw new UsageError(`Unknown command "${command}"; run \`npm run admin -- help\``);
  const { positional, options } = takeOptions(rest, ['plan', 'name']);
  if (positional.length !== 1) {
    throw new UsageError('create-account takes exactly one e-mail address: npm run admin -- create-account EMAIL');
  }
  const email = normalizeEmail(positional[0]);
  if (email === null) throw new UsageError(`"${positional[0]}" is not a valid e-mail address`);
  const rawPlan = options.get('plan') ?? 'free';
  const plan = PLANS.find((candidate) => candidate === rawPlan);
  if (!plan) throw new UsageError(`Unknown plan "${rawPlan}"; choose one of ${PLANS.join(', ')}`);
  return { kind: 'create-account', email, plan, name: options.get('name') };
}

function parseGrantCredits(rest: string[]): AdminCommand {
  const { positional, options } = takeOptions(rest, ['reason']);
  const [rawAccount, rawCredits] = positional;
  if (positional.length !== 2 || rawAccount === undefined || rawCredits === undefined) {
    throw new UsageError('grant-credits takes an account id and a number of credits: npm run admin -- grant-credits 12 500');
  }
  if (!/^[1-9][0-9]{0,9}$/.test(rawAccount) || Number(rawAccount) > 2_147_483_647) throw new UsageError(`"${rawAccount}" is not an account id`);
  if (!/^-?[1-9][0-9]{0,6}$/.test(rawCredits) || Math.abs(Number(rawCredits)) > 1_000_000) {
    throw new UsageError(`"${rawCredits}" is not a number of credits (a whole number from -1000000 to 1000000, not 0)`);
  }
  const reason = options.get('reason') ?? 'operator grant';
  if (reason.length > 200) throw new UsageError('--reason is at most 200 characters');
  return { kind: 'grant-credits', accountId: Number(rawAccount), credits: Number(rawCredits), reason };
}
