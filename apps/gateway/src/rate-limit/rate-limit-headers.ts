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

/** The headers every response carries (contract section 8), as the OpenAPI document names them. */
export const RATE_LIMIT_HEADERS = { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset' } as const;

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    [RATE_LIMIT_HEADERS.limit.toLowerCase()]: String(decision.limit),
    [RATE_LIMIT_HEADERS.remaining.toLowerCase()]: String(decision.remaining),
    [RATE_LIMIT_HEADERS.reset.toLowerCase()]: String(decision.resetAt),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfter);
  return headers;
}
