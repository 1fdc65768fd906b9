/**
 * Which days an unavailability entry covers, and how it reads (docs/PRODUCT-RULES.md §26.4, §35.8): every day of its
 * range, or with a `weekday` only that weekday's days from the start date on, to the end date or without end. The
 * server's reader expands entries into days in SQL with the same rule (lib/server/rules/read-rule-facts.ts); the
 * screens use these.
 */
import { addDays, isoWeekday } from "./dates";
import { formatDate, WEEKDAYS_LONG, WEEKDAYS_SHORT } from "./format";

export type UnavailabilityDays = {
  start_date: string;
  end_date: string | null;
  weekday: number | null;
};

export function coversDay(entry: UnavailabilityDays, date: string): boolean {
  if (date < entry.start_date || (entry.end_date !== null && date > entry.end_date)) return false;
  return entry.weekday === null || isoWeekday(date) === entry.weekday;
}

/** The first day a weekly entry covers: its start date, or the next day of its weekday. */
export function firstDay(entry: UnavailabilityDays): string {
  if (entry.weekday === null) return entry.start_date;
  return addDays(entry.start_date, (entry.weekday - isoWeekday(entry.start_date) + 7) % 7);
}

/**
 * The entry's days in words: "Fr 15.05.2026", "Mo 11.05.2026 – Mi 13.05.2026", "Jeden Montag ab 07.12.2026",
 * "Jeden Montag, 07.12.2026 – 28.12.2026".
 */
export function unavailabilityPeriod(entry: UnavailabilityDays): string {
  const day = (date: string) => `${WEEKDAYS_SHORT[isoWeekday(date) - 1]} ${formatDate(date)}`;
  if (entry.weekday !== null) {
    const every = `Jeden ${WEEKDAYS_LONG[entry.weekday - 1]}`;
    const first = firstDay(entry);
    return entry.end_date === null
      ? `${every} ab ${formatDate(first)}`
      : `${every}, ${formatDate(first)} – ${formatDate(entry.end_date)}`;
  }
  const end = entry.end_date ?? entry.start_date;
  return entry.start_date === end ? day(entry.start_date) : `${day(entry.start_date)} – ${day(end)}`;
}
