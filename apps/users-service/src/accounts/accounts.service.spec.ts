import { AdminCreateAccountRequest, CreateAccountRequest, validate } from '@appgen/contracts';
import { newAccountOf } from './accounts.service';

describe('new account fields', () => {
  it('are trimmed and held to their contract before users-service sees them, whoever sends them', () => {
    const accepted = validate(CreateAccountRequest, { email: ' Ada@Example.com ', name: '  Ada Lovelace ' });
    expect(accepted.ok && newAccountOf(accepted.value)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', plan: 'free' });
    const refusals = (value: object) => {
      const checked = validate(AdminCreateAccountRequest, value);
      return checked.ok ? [] : checked.errors;
    };
    expect(refusals({ email: 'ada@example.com', name: 'Ada\nBcc: eve@example.com' })).toEqual([
      { field: 'name', message: 'must not contain line breaks (U+000A at character 4)' },
    ]);
    expect(refusals({ email: 'ada@example.com', name: 'Ada \u2067Lovelace' })).toEqual([
      { field: 'name', message: 'must not contain bidirectional text controls (U+2067 at character 5)' },
    ]);
    expect(refusals({ email: 'ada\u202E@example.com', name: 'a'.repeat(101), plan: 'gold' })).toEqual([
      { field: 'email', message: 'must be a valid e-mail address' },
      { field: 'plan', message: 'must be one of free, pro, enterprise' },
      { field: 'name', message: 'must be at most 100 characters' },
    ]);
  });

  it('default to the free plan and no name', () => {
    expect(newAccountOf({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com', name: null, plan: 'free' });
    expect(newAccountOf({ email: 'ops@example.com', plan: 'pro' }).plan).toBe('pro');
  });
});
