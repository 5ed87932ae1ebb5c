import { errorResponse, prefersJson } from './edge-responses';

describe('prefersJson', () => {
  it.each([
    ['application/json', true],
    ['application/problem+json', true],
    ['application/json, text/html;q=0.9', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['text/html, application/json', false],
    ['*/*', false],
    [undefined, false],
  ])('%s → %s', (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });
});

describe('errorResponse', () => {
  it('keeps a client error status with a fixed message', () => {
    expect(errorResponse(400, 'application/json')).toEqual({
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ error: 'bad_request', message: 'The request could not be read.' }),
    });
  });

  it('turns anything else into a 500 without details', () => {
    const page = errorResponse(undefined, undefined);
    expect(page.status).toBe(500);
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Something went wrong while serving this address.');
  });
});
