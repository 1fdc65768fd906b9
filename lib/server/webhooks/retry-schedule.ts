/**
 * When a failed delivery is tried again (docs/PRODUCT-RULES.md §37): 30 s after the first try, then twice the pause
 * each time (1, 2, 4 … min) up to 6 h, and never later than 24 h after the delivery was made; a try failing at or
 * after that is the last (`gave_up`). About 14 tries: 30 s, 1 min 30 s, 3 min 30 s … 8 h 30 min, 14 h 30 min,
 * 20 h 30 min, 24 h. graphile-worker's own back-off (e^attempt s, ten tries in 3.5 h) would end too soon.
 */
export const FIRST_PAUSE_MS = 30_000;
export const MAX_PAUSE_MS = 6 * 3600_000;
export const GIVE_UP_AFTER_MS = 24 * 3600_000;

/** The next try after `tries` failed ones, or null: give up. */
export function nextAttemptAt(createdAt: Date, tries: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (now.getTime() >= deadline) return null;
  const pause = Math.min(FIRST_PAUSE_MS * 2 ** (tries - 1), MAX_PAUSE_MS);
  return new Date(Math.min(now.getTime() + pause, deadline));
}
