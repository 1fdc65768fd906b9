/**
 * How many days around a range the rules need to see (docs/PRODUCT-RULES.md §24.3). A finding on a day d
 * depends on at most:
 * - overlap: the shifts of d − 1 … d + 1 (a shift lasts less than 24 h);
 * - rest_time: the shifts ending less than min_rest_hours (at most 24 h) before d's first start, which begin on
 *   d − 2 or later;
 * - daily_max: d itself; weekly_max, overbooked: the Monday–Sunday week of d;
 * - consecutive_days: d − 7 … d (the rules look back 7 days, so a run's 8th day and later read "mindestens");
 *   findingsForShift also names the run's 7th day, at most d + 6.
 * Seven days either way, widened to whole weeks, covers all of them.
 */
import { addDays, mondayOf } from "../dates";

export const RULES_WINDOW_DAYS = 7;

/** The days the server loads shifts (and vacations, unavailability) for, to check a range of days. */
export function windowFor(range: { start_date: string; end_date: string }): { start_date: string; end_date: string } {
  const before = addDays(range.start_date, -RULES_WINDOW_DAYS);
  const monday = mondayOf(range.start_date);
  const after = addDays(range.end_date, RULES_WINDOW_DAYS);
  const sunday = addDays(mondayOf(range.end_date), 6);
  return { start_date: before < monday ? before : monday, end_date: after > sunday ? after : sunday };
}
