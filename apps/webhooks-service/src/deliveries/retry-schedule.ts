/** Parses `WEBHOOK_RETRY_SCHEDULE` ("5,300,1800"): whole seconds before each retry, or null when malformed. */
export function parseRetrySchedule(raw: string): number[] | null {
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !/^\d+$/.test(part))) return null;
  return parts.map(Number);
}

/**
 * Seconds until the next attempt after a failed one, or null when the schedule is spent and the
 * delivery has failed. `failedSteps` counts failures since the delivery was (re)queued, this one included.
 */
export function nextRetryDelay(schedule: readonly number[], failedSteps: number): number | null {
  return failedSteps >= 1 && failedSteps <= schedule.length ? (schedule[failedSteps - 1] ?? null) : null;
}
