import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('does not depend on the order of keys, at any depth', () => {
    const a = { name: 'Todo', settings: { theme: 'dark', flags: [{ x: 1, y: 2 }] }, visibility: 'public' };
    const b = { visibility: 'public', settings: { flags: [{ y: 2, x: 1 }], theme: 'dark' }, name: 'Todo' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('keeps the order of array items, tells types apart and no value from null', () => {
    expect(canonicalJson(['a', 'b'])).not.toBe(canonicalJson(['b', 'a']));
    expect(canonicalJson({ n: 1 })).not.toBe(canonicalJson({ n: '1' }));
    expect(canonicalJson(undefined)).not.toBe(canonicalJson(null));
    expect(canonicalJson({ gone: undefined })).toBe('{}');
    expect(canonicalJson({ 'quote"d': 'é' })).toBe('{"quote\\"d":"é"}');
  });
});
