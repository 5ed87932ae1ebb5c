import { findNul, NoNulPipe } from './no-nul.pipe';
import { ServiceException } from './service-exception';

describe('NoNulPipe', () => {
  const pipe = new NoNulPipe();

  it('names the first field holding a NUL byte, however deep', () => {
    expect(findNul({ data: { title: 'ok', notes: ['fine', 'a\u0000b'] } })).toBe('data.notes[1]');
    expect(findNul({ ['bad\u0000key']: 1 })).toBe('bad\u0000key');
    expect(findNul('plain')).toBeNull();
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
    expect(refused).toBeInstanceOf(ServiceException);
    expect((refused as ServiceException).payload).toEqual({
      status: 422,
      body: {
        error: 'validation_failed',
        message: 'data.title must not contain NUL characters',
        errors: [{ field: 'data.title', message: 'must not contain NUL characters' }],
      },
    });
  });
});
