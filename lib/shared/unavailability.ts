/**
 * Which days an unavailability entry covers (docs/PRODUCT-RULES.md §26.4, §35.8): every day of its range, or with a
 * `weekday` only that weekday's days from the start date on, to the end date or without end. The server's reader
 * expands entries into days in SQL with the same rule (lib/server/rules/read-rule-facts.ts); the screens use this.
 * Its words are in ./unavailability-text.ts: the planner's first load carries only this (the bundler keeps every
 * export of a module it loads).
 */
import { isoWeekday } from "./dates";

export type UnavailabilityDays = {
  start_date: string;
  end_date: string | null;
  weekday: number | null;
};

export function coversDay(entry: UnavailabilityDays, date: string): boolean {
  if (date < entry.start_date || (entry.end_date !== null && date > entry.end_date)) return false;
  return entry.weekday === null || isoWeekday(date) === entry.weekday;
}
