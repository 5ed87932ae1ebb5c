/** Length of every rate-limit window (the contract's limits are per minute). */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time (seconds) at which the current window ends and the count starts over. */
  resetAt: number;
  /** Whole seconds to wait before retrying; meaningful when not allowed. */
  retryAfter: number;
}

/** What a limiter reports after counting one request. */
export interface LimiterOutcome {
  remainingPoints: number;
  msBeforeNext: number;
}

export function rateLimitDecision(limit: number, outcome: LimiterOutcome, allowed: boolean, now = Date.now()): RateLimitDecision {
  const msBeforeNext = Math.max(0, outcome.msBeforeNext);
  return {
    allowed,
    limit,
    remaining: allowed ? Math.max(0, Math.min(limit, outcome.remainingPoints)) : 0,
    resetAt: Math.ceil((now + msBeforeNext) / 1000),
    retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetAt),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfter);
  return headers;
}
