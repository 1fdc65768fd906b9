/**
 * Shift hours, the same everywhere (docs/PRODUCT-RULES.md §10.1): an end time at or before
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

/** Minutes from start to end on the clock, or null when start equals end or a time is invalid. */
export function shiftMinutes(start: string, end: string): number | null {
  const from = parseTime(start);
  const to = parseTime(end);
  if (from === null || to === null || from === to) return null;
  return to > from ? to - from : to + 24 * 60 - from;
}

/**
 * Hours worked in a shift: its length less the break (docs/PRODUCT-RULES.md §23), or null when start
 * equals end or a time is invalid.
 */
export function shiftHours(start: string, end: string, breakMinutes = 0): number | null {
  const minutes = shiftMinutes(start, end);
  return minutes === null ? null : (minutes - breakMinutes) / 60;
}

/** True when the shift ends on the next day. */
export function crossesMidnight(start: string, end: string): boolean {
  const from = parseTime(start);
  const to = parseTime(end);
  return from !== null && to !== null && to < from;
}

let hoursFormat: Intl.NumberFormat | undefined;
const PLAIN_DECIMAL = /^(\d{1,14})(?:\.(\d)(\d?)\d*)?$/;

/**
 * Hours with one decimal in the Swiss style: 8.5, 1'234.5 (docs/PRODUCT-RULES.md §18.1). The
 * output of `Intl.NumberFormat("de-CH", { minimumFractionDigits: 1,
 * maximumFractionDigits: 1 })` (a property test holds the two together),
 * done with string work for ordinary numbers: a browser's first Intl call on
 * a page starts ICU (~50 ms of main thread here, four times that on a phone),
 * and every screen with hours made that call while rendering its data. Like
 * Intl: the shortest decimal form of the number, rounded half away from zero.
 */
export function formatHours(hours: number): string {
  const match = PLAIN_DECIMAL.exec(Math.abs(hours).toString());
  if (!match) {
    // NaN, ±Infinity, exponent notation, ≥ 10^14: leave them to Intl.
    hoursFormat ??= new Intl.NumberFormat("de-CH", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return hoursFormat.format(hours);
  }
  let tenths = Number(match[1]) * 10 + Number(match[2] ?? 0);
  if ((match[3] ?? "") >= "5") tenths += 1;
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, "'");
  const sign = hours < 0 || Object.is(hours, -0) ? "-" : "";
  return `${sign}${whole}.${tenths % 10}`;
}

/** Sum of hours, rounded to avoid float dust (0.1 + 0.2). */
export function sumHours(values: number[]): number {
  return Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;
}
