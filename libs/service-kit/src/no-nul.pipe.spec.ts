import { findUnstorable, MAX_NESTING_DEPTH, NoNulPipe } from './no-nul.pipe';
import { AppgenError } from './appgen-error';

describe('NoNulPipe', () => {
  const pipe = new NoNulPipe();

  it('names the first field holding a NUL byte', () => {
    expect(findUnstorable({ data: { title: 'ok', notes: ['fine', 'a\u0000b'] } })).toEqual({ field: 'data.notes[1]', message: 'must not contain NUL characters' });
    expect(findUnstorable({ ['bad\u0000key']: 1 })?.field).toBe('bad\u0000key');
    expect(findUnstorable('plain')).toBeNull();
  });

  it('names text with a lone surrogate, which Postgres would not keep as sent, and accepts real pairs', () => {
    expect(findUnstorable({ name: '日本語 🚀 \ud800' })).toEqual({ field: 'name', message: 'must be valid Unicode text (it holds a lone surrogate)' });
    expect(findUnstorable({ ['\udc00']: 'x' })?.field).toBe('\udc00');
    expect(findUnstorable({ name: '日本語 🚀 café' })).toBeNull();
  });

  it('refuses nesting past the limit without exhausting the stack, however deep it goes', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let level = 0; level < levels; level += 1) value = level % 2 ? { a: value } : [value];
      return value;
    };
    expect(findUnstorable({ metadata: nest(MAX_NESTING_DEPTH - 2) })).toBeNull();
    expect(findUnstorable({ metadata: nest(MAX_NESTING_DEPTH) })?.message).toBe(`must not nest deeper than ${MAX_NESTING_DEPTH} levels`);
    expect(findUnstorable({ events: nest(200_000) })?.message).toBe(`must not nest deeper than ${MAX_NESTING_DEPTH} levels`);
  });

  it('refuses such a payload with 422 and passes every other through unchanged', () => {
    const clean = { app_id: 'abc', data: { title: 'Soup', tags: ['x'] } };
    expect(pipe.transform(clean, { type: 'body' })).toBe(clean);
    let refused: unknown;
    try {
      pipe.transform({ data: { title: 'So\u0000up' } }, { type: 'body' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppgenError);
    expect((refused as AppgenError).payload).toEqual({
      status: 422,
      body: {
        error: 'validation_failed',
        message: 'data.title must not contain NUL characters',
        errors: [{ field: 'data.title', message: 'must not contain NUL characters' }],
      },
    });
  });
});
