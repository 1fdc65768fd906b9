/** An unavailability entry's days in words (docs/PRODUCT-RULES.md §26.4, §35.8). */
import { addDays, isoWeekday } from "./dates";
import { formatDate, WEEKDAYS_SHORT } from "./format";
import type { UnavailabilityDays } from "./unavailability";

export const WEEKDAYS_LONG = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] as const;

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
