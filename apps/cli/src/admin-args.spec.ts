import { parseAdminArgs, UsageError } from './admin-args';

function usageError(argv: string[]): string {
  try {
    parseAdminArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('admin command line', () => {
  it('shows help for help, --help or nothing', () => {
    for (const argv of [[], ['help'], ['--help']]) expect(parseAdminArgs(argv)).toEqual({ kind: 'help' });
  });

  it('reads create-account with its e-mail, plan and name in any order', () => {
    expect(parseAdminArgs(['create-account', ' Ada@Example.com'])).toEqual({
      kind: 'create-account',
      email: 'ada@example.com',
      plan: 'free',
      name: undefined,
    });
    expect(parseAdminArgs(['create-account', '--plan=enterprise', 'ada@example.com', '--name', 'Ada L'])).toEqual({
      kind: 'create-account',
      email: 'ada@example.com',
      plan: 'enterprise',
      name: 'Ada L',
    });
  });

  it('explains each mistake in one line', () => {
    expect(usageError(['create-account', 'ada'])).toBe('"ada" is not a valid e-mail address');
    expect(usageError(['create-account', 'ada@example.com', '--plan', 'gold'])).toBe(
      'Unknown plan "gold"; choose one of free, pro, enterprise',
    );
    expect(usageError(['create-account'])).toMatch(/exactly one e-mail address/);
    expect(usageError(['create-account', 'ada@example.com', '--plan'])).toBe('Option --plan needs a value');
    expect(usageError(['create-account', 'ada@example.com', '--admin'])).toMatch(/^Unknown option --admin/);
    expect(usageError(['delete-everything'])).toMatch(/^Unknown command "delete-everything"/);
  });

  it('reads grant-credits with an account id, a signed number of credits and a reason', () => {
    expect(parseAdminArgs(['grant-credits', '12', '500'])).toEqual({ kind: 'grant-credits', accountId: 12, credits: 500, reason: 'operator grant' });
    expect(parseAdminArgs(['grant-credits', '12', '-20', '--reason', 'refund mistake'])).toEqual({
      kind: 'grant-credits', accountId: 12, credits: -20, reason: 'refund mistake',
    });
    expect(usageError(['grant-credits', '12'])).toContain('takes an account id and a number of credits');
    expect(usageError(['grant-credits', 'ada', '5'])).toContain('is not an account id');
    expect(usageError(['grant-credits', '12', '0'])).toContain('is not a number of credits');
    expect(usageError(['grant-credits', '12', '1.5'])).toContain('is not a number of credits');
  });
});
