import { AppsSubjects, RPC_SCHEMAS, validate } from '@appgen/contracts';
import { envKeyProblem, envVarCountProblem, envVarsProblems, maskEnvValue } from './env-var-rules';

const caller = { accountId: 1, email: 'owner@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [] };

/** What apps-service answers a message with before its handler runs: the subject's schema. */
function boundaryErrors(request: Record<string, unknown>): Array<{ field: string; message: string }> {
  const schema = RPC_SCHEMAS[AppsSubjects.putEnvVars]?.request;
  if (!schema) throw new Error('no schema for the put subject');
  const checked = validate(schema, { caller, id: 'k3x9q2m7w1ab', ...request });
  return checked.ok ? [] : checked.errors;
}

describe('environment variable rules', () => {
  it('masks every value, showing the last 4 characters of values of 16 characters or more only', () => {
    expect(maskEnvValue('')).toBe('••••••••');
    expect(maskEnvValue('short')).toBe('••••••••');
    expect(maskEnvValue('fifteen-chars-x')).toBe('••••••••');
    expect(maskEnvValue('sk_live_51Habcdef1234')).toBe('••••••••1234');
    // characters as people count them: an emoji at the end is one, not half of one
    expect(maskEnvValue('a-long-value-with-🌍🌍')).toBe('••••••••h-🌍🌍');
    expect(maskEnvValue('sk_live_51Habcdef1234')).not.toContain('sk_live');
  });

  it('takes upper-case identifiers of 1 to 64 characters, and refuses the rest in words', () => {
    for (const key of ['A', '_', 'STRIPE_SECRET_KEY', 'PUBLIC_GREETING', 'KEY_2', 'K'.repeat(64)]) expect(envKeyProblem(key)).toBeNull();
    expect(envKeyProblem('')).toBe('must not be empty');
    expect(envKeyProblem('K'.repeat(65))).toBe('must be at most 64 characters');
    for (const key of ['my_key', '2FA_SECRET', 'MY-KEY', 'MY KEY', 'ÄPFEL', 'KEY\n']) {
      expect(envKeyProblem(key)).toBe('must be upper-case letters, digits and underscores, not starting with a digit (like STRIPE_SECRET_KEY)');
    }
    expect(envKeyProblem('APPGEN_APP_ID')).toBe('must not start with APPGEN_, which appgen keeps for variables of its own');
    expect(envKeyProblem('MY_APPGEN_TOKEN')).toBeNull();
  });

  it('names each wrong key or value as env_vars.<KEY>, in key order', () => {
    expect(envVarsProblems({ GOOD: 'x', 'bad-key': 'x', BIG: 'é'.repeat(4097), FITS: 'é'.repeat(4096), APPGEN_X: '' })).toEqual([
      { field: 'env_vars.APPGEN_X', message: 'must not start with APPGEN_, which appgen keeps for variables of its own' },
      { field: 'env_vars.BIG', message: 'must be at most 8 KB of UTF-8' },
      { field: 'env_vars.bad-key', message: 'must be upper-case letters, digits and underscores, not starting with a digit (like STRIPE_SECRET_KEY)' },
    ]);
    expect(envVarsProblems({ PEM: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n', EMPTY: '' })).toEqual([]);
  });

  it('counts what a change would leave the app with against the limit of 100', () => {
    expect(envVarCountProblem(99, 1)).toBeNull();
    expect(envVarCountProblem(98, 3)).toEqual({ field: 'env_vars', message: 'would give the app 101 variables (it has 98, this adds 3); an app has at most 100' });
  });

  it('refuses at the subject what is not an object of strings, empty, or more than 100 at once', () => {
    expect(boundaryErrors({ env_vars: { A: 'x' } })).toEqual([]);
    expect(boundaryErrors({ env_vars: {} })).toEqual([{ field: 'env_vars', message: 'must set at least one variable' }]);
    expect(boundaryErrors({ env_vars: ['A'] })).toEqual([{ field: 'env_vars', message: 'must be an object' }]);
    expect(boundaryErrors({})).toEqual([{ field: 'env_vars', message: 'is required' }]);
    expect(boundaryErrors({ env_vars: { A: 1, B: null } })).toEqual([
      { field: 'env_vars.A', message: 'must be a string' },
      { field: 'env_vars.B', message: 'must be a string' },
    ]);
    expect(boundaryErrors({ env_vars: { A: 'x'.repeat(8193) } })).toEqual([{ field: 'env_vars.A', message: 'must be at most 8192 characters' }]);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`KEY_${index}`, 'x']));
    expect(boundaryErrors({ env_vars: many })).toEqual([{ field: 'env_vars', message: 'must have at most 100 keys' }]);
  });
});
