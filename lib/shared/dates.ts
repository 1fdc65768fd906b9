/**
 * Calendar maths on plain `yyyy-MM-dd` strings, the format of the API
 * (docs/PRODUCT-RULES.md §2.1, §13). No Date objects with local time zones leak in: a day is
 * a day, whatever the server's TZ.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Valid calendar date in yyyy-MM-dd (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's date in the given IANA time zone (the business's, APP_TIMEZONE). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

function toUtc(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const date = toUtc(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(isoDate: string): number {
  return toUtc(isoDate).getUTCDay() || 7;
}

/** The Monday of the Monday–Sunday week containing the date. */
export function mondayOf(isoDate: string): string {
  return addDays(isoDate, 1 - isoWeekday(isoDate));
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

/** Monday–Friday days from start to end, both included (0 when end < start). */
export function workingDays(start: string, end: string): number {
  const total = daysBetween(start, end) + 1;
  if (total <= 0) return 0;
  const fullWeeks = Math.floor(total / 7);
  let count = fullWeeks * 5;
  const firstWeekday = isoWeekday(start);
  for (let i = 0; i < total % 7; i++) {
    const weekday = ((firstWeekday - 1 + i) % 7) + 1;
    if (weekday <= 5) count++;
  }
  return count;
}

/** Working days of [start, end] per calendar year, e.g. { 2026: 3, 2027: 2 }. */
export function workingDaysByYear(start: string, end: string): Map<number, number> {
  const result = new Map<number, number>();
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    const from = start > `${year}-01-01` ? start : `${year}-01-01`;
    const to = end < `${year}-12-31` ? end : `${year}-12-31`;
    result.set(year, workingDays(from, to));
  }
  return result;
}

/** Every date from start to end, both included. */
export function eachDate(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The same day `months` months later, clamped to the month's end (31.01. + 1 → 28./29.02.). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return fromUtc(target);
}

/**
 * mondayOf and addDays with every function they call. The page head's
 * early-request script (lib/client/early-requests-script.ts) carries them as
 * source text, so the browser computes the planner's first week with this
 * very code before the app has loaded. A function they come to call must be
 * listed here; the script's build-time check fails otherwise.
 */
export const WEEK_START_FUNCTIONS = [toUtc, fromUtc, isoWeekday, addDays, mondayOf] as const;
