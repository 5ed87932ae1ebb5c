import { AppgenError } from './appgen-error';
import { isNotFound } from './not-found';

describe('isNotFound', () => {
  it('is true for another service saying what was asked for does not exist', () => {
    expect(isNotFound(AppgenError.notFound('App', 'k3x9q2m7w1ab'))).toBe(true);
    expect(isNotFound(AppgenError.fromPayload({ status: 404, body: { error: 'not_found', message: 'Build 7 has no file x.js' } }))).toBe(true);
  });

  it('is false for every other failure, which callers must not take for an answer', () => {
    expect(isNotFound(AppgenError.of('service_unavailable', 'apps-service did not answer'))).toBe(false);
    expect(isNotFound(AppgenError.of('forbidden', 'not yours'))).toBe(false);
    expect(isNotFound(new Error('App k3x9q2m7w1ab was not found'))).toBe(false);
    expect(isNotFound({ status: 404 })).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });
});
