/**
 * Report periods: the Monday–Sunday week or the calendar month that contains
 * a date. Plain yyyy-MM-dd strings, like the rest of the date maths.
 */
import { addDays, mondayOf } from "./dates";
import { formatDate, isoWeekNumber } from "./format";

export type PeriodKind = "week" | "month";
export type Period = { kind: PeriodKind; date: string };
export type DateRange = { start: string; end: string };

const MONTHS = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];
const MONTH_VALUE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** yyyy-MM, the value of an `<input type="month">`. */
export function isMonthValue(value: string): boolean {
  return MONTH_VALUE.test(value);
}

/** The first day of the month `months` away from the month of `date`. */
export function shiftMonth(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

export function periodRange({ kind, date }: Period): DateRange {
  if (kind === "week") {
    const start = mondayOf(date);
    return { start, end: addDays(start, 6) };
  }
  return { start: shiftMonth(date, 0), end: addDays(shiftMonth(date, 1), -1) };
}

export function samePeriod(a: Period, b: Period): boolean {
  return a.kind === b.kind && periodRange(a).start === periodRange(b).start;
}

/** "KW 7 · 11.02.2041 – 17.02.2041" or "Februar 2041 · 01.02.2041 – 28.02.2041". */
export function periodLabel(period: Period): string {
  const { start, end } = periodRange(period);
  const range = `${formatDate(start)} – ${formatDate(end)}`;
  const name =
    period.kind === "week"
      ? `KW ${isoWeekNumber(start)}`
      : `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
  return `${name} · ${range}`;
}

/** "November 2026" of "2026-11" (yyyy-MM): the Arbeitszeitnachweis and the history (docs/PRODUCT-RULES.md §32.7). */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
