import { fieldErrorsOf } from '@appgen/testing';
import { validateNewAccount } from './accounts.service';


describe('new account fields', () => {
  it('trim the name, and take a blank one as none', () => {
    expect(validateNewAccount({ email: 'ada@example.com', name: '  Ada Lovelace ' })).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', plan: 'free' });
    expect(validateNewAccount({ email: 'ada@example.com', name: '   ' }).name).toBeNull();
  });

  it('refuse a name that is not one line of at most 100 characters, and an address hiding a control character', () => {
    expect(fieldErrorsOf(() => validateNewAccount({ email: 'ada@example.com', name: 'Ada\nBcc: eve@example.com' }))).toEqual([
      { field: 'name', message: 'must not contain line breaks (U+000A at character 4)' },
    ]);
    expect(fieldErrorsOf(() => validateNewAccount({ email: 'ada@example.com', name: 'Ada \u2067Lovelace' }))).toEqual([
      { field: 'name', message: 'must not contain bidirectional text controls (U+2067 at character 5)' },
    ]);
    expect(fieldErrorsOf(() => validateNewAccount({ email: 'ada\u202E@example.com', name: 'a'.repeat(101) }))).toEqual([
      { field: 'email', message: 'must be a valid e-mail address' },
      { field: 'name', message: 'must be at most 100 characters' },
    ]);
  });
});
