/** `5,10,30` → [5, 10, 30]; null unless every entry is a whole number of seconds ≥ 1. */
export function parseCheckSchedule(raw: string): number[] | null {
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !/^\d+$/.test(part) || Number(part) < 1)) return null;
  return parts.map(Number);
}

/**
 * Seconds until the next DNS check after `checksDone` checks of this cycle: fast at first, when a user who just
 * created the record is waiting, then slower; the schedule's last step repeats until the verification window ends.
 */
export function nextCheckDelay(schedule: readonly number[], checksDone: number): number {
  const index = Math.min(Math.max(checksDone - 1, 0), schedule.length - 1);
  return schedule[index] ?? 60;
}
