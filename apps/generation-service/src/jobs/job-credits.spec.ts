import { creditsCharged, creditsToReserve } from './job-credits';

describe('what a generation costs', () => {
  it('holds 1 credit for the built-in engine and charges exactly that', () => {
    expect(creditsToReserve('blueprint')).toBe(1);
    expect(creditsCharged('blueprint', 1, { input: 0, output: 0 })).toBe(1);
  });

  it('holds 10 for a model and charges 1 per 10,000 tokens begun, at least 1, at most what it held', () => {
    expect(creditsToReserve('openai')).toBe(10);
    expect(creditsCharged('openai', 10, { input: 0, output: 0 })).toBe(1);
    expect(creditsCharged('openai', 10, { input: 15_000, output: 5_001 })).toBe(3);
    expect(creditsCharged('openai', 10, { input: 900_000, output: 100_000 })).toBe(10);
  });
});
