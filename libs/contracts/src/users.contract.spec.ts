import { normalizeEmail } from './users.contract';

describe('normalizeEmail', () => {
  it('trims and lowercases addresses', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 'ada@@example.com', 42, null]) {
      expect(normalizeEmail(value)).toBeNull();
    }
    expect(normalizeEmail(`${'a'.repeat(250)}@example.com`)).toBeNull();
    for (const hidden of ['\u202E', '\u0007', '\u200F', '\u0085']) expect(normalizeEmail(`ada${hidden}@example.com`)).toBeNull();
  });
});
