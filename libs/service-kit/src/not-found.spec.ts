import { AppgenError } from './appgen-error';
import { isNotFound, orNullIfNotFound } from './not-found';

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

describe('orNullIfNotFound', () => {
  it('answers the answer, null for "does not exist", and lets every other failure through', async () => {
    expect(await orNullIfNotFound(Promise.resolve({ id: 7 }))).toEqual({ id: 7 });
    expect(await orNullIfNotFound(Promise.reject(AppgenError.notFound('App', 'k3x9q2m7w1ab')))).toBeNull();
    await expect(orNullIfNotFound(Promise.reject(AppgenError.of('service_unavailable', 'apps-service did not answer')))).rejects.toMatchObject({ status: 503 });
  });
});
