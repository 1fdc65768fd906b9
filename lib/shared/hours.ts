/**
 * Shift hours, the same everywhere (PRODUCT.md §4): an end time at or before
 * the start time means the shift crosses midnight. Start equal to end is not
 * a shift. Times are "HH:MM" (seconds, if sent, are ignored).
 */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Minutes since midnight, or null for anything that is not a clock time. */
export function parseTime(value: string): number | null {
  const match = TIME.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "HH:MM" from "HH:MM" or "HH:MM:SS". */
export function normalizeTime(value: string): string | null {
  return parseTime(value) === null ? null : value.slice(0, 5);
}

/** Length of a shift in hours, or null when start equals end or a time is invalid. */
export function shiftHours(start: string, end: string): number | null {
  const from = parseTime(start);
  const to = parseTime(end);
  if (from === null || to === null || from === to) return null;
  const minutes = to > from ? to - from : to + 24 * 60 - from;
  return minutes / 60;
}

/** True when the shift ends on the next day. */
export function crossesMidnight(start: string, end: string): boolean {
  const from = parseTime(start);
  const to = parseTime(end);
  return from !== null && to !== null && to < from;
}

// Creating an Intl.NumberFormat is costly; PDFs format thousands of hours.
const hoursFormat = new Intl.NumberFormat("de-CH", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Hours with one decimal in the Swiss style: 8.5 (UX.md). */
export function formatHours(hours: number): string {
  return hoursFormat.format(hours);
}

/** Sum of hours, rounded to avoid float dust (0.1 + 0.2). */
export function sumHours(values: number[]): number {
  return Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;
}
