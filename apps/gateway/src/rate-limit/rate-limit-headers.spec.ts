import { rateLimitDecision, rateLimitHeaders } from './rate-limit-headers';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0, 250);

describe('rate-limit headers', () => {
  it('reports the limit, what is left and when the window resets, in whole unix seconds', () => {
    const decision = rateLimitDecision(60, { remainingPoints: 59, msBeforeNext: 59_800 }, true, NOW);
    expect(rateLimitHeaders(decision)).toEqual({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-reset': String(Math.ceil((NOW + 59_800) / 1000)),
    });
  });

  it('rounds the reset up, so a client waiting until then is never early', () => {
    const decision = rateLimitDecision(300, { remainingPoints: 10, msBeforeNext: 1 }, true, NOW);
    expect(decision.resetAt).toBe(Math.floor(NOW / 1000) + 1);
  });

  it('adds Retry-After and zero remaining once the limit is passed', () => {
    const decision = rateLimitDecision(60, { remainingPoints: 0, msBeforeNext: 12_300 }, false, NOW);
    expect(rateLimitHeaders(decision)).toEqual({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil((NOW + 12_300) / 1000)),
      'retry-after': '13',
    });
  });

  it('never tells a refused client to retry in 0 seconds', () => {
    expect(rateLimitDecision(60, { remainingPoints: 0, msBeforeNext: 0 }, false, NOW).retryAfter).toBe(1);
  });

  it('never reports more remaining than the limit or less than zero', () => {
    expect(rateLimitDecision(60, { remainingPoints: 75, msBeforeNext: 1000 }, true, NOW).remaining).toBe(60);
    expect(rateLimitDecision(60, { remainingPoints: -3, msBeforeNext: 1000 }, true, NOW).remaining).toBe(0);
  });
});
