/**
 * The planner's week from its address (docs/PRODUCT-RULES.md §27.4): `/schedule?week=YYYY-MM-DD` shows the week of
 * that date (any day names its Monday); no date, or one that is no calendar date between the years 2000 and 2099,
 * shows this week. `?date=YYYY-MM-DD` (the planners' messages about swaps link so, §35.7) is read the same way when
 * the address names no week.
 *
 * Self-contained on purpose: the page head's script (./early-requests-script.ts) runs a copy of it from its source
 * text to fetch the same week the screen then asks for, so it may use only its parameters and the browser's
 * globals.
 */
export function plannerWeek(search: string, today: string, mondayOf: (isoDate: string) => string): string {
  const params = new URLSearchParams(search);
  const match = /^(20\d\d)-(\d\d)-(\d\d)$/.exec(params.get("week") ?? params.get("date") ?? "");
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return mondayOf(match[0]);
  }
  return mondayOf(today);
}
