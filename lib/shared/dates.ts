/**
 * Calendar maths on plain `yyyy-MM-dd` strings, the format of the API
 * (docs/PRODUCT-RULES.md §2.1, §13). No Date objects with local time zones leak in: a day is
 * a day, whatever the server's TZ.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The window of dates the API accepts (docs/PRODUCT-RULES.md §30.1): every date a request names lies in it, so
 * everything computed from one (a week's Sunday, the rules' window around a range) stays a four-digit year that
 * JavaScript, the string comparisons below and PostgreSQL agree on. The day after 9999-12-31 is +010000-01-01,
 * which sorts before it.
 */
export const MIN_DATE = "2000-01-01";
export const MAX_DATE = "2099-12-31";
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2099;
/**
 * The Mondays of the first and last Monday–Sunday weeks lying wholly in the window (docs/PRODUCT-RULES.md §30.1):
 * the planner's and the week copy's previous/next steps stop there, since a week reaching past the window is refused.
 */
export const FIRST_WEEK_START = "2000-01-03";
export const LAST_WEEK_START = "2099-12-21";
/** The window's months as a `type="month"` input writes them (yyyy-MM). */
export const MIN_MONTH = MIN_DATE.slice(0, 7);
export const MAX_MONTH = MAX_DATE.slice(0, 7);
/** The window as the German messages write it (dd.MM.yyyy, docs/PRODUCT-RULES.md §18.1). */
export const DATE_WINDOW_MESSAGE = "Datum muss zwischen 01.01.2000 und 31.12.2099 liegen";

/**
 * The most calendar years one computation spans: the window's 100 and the one on either side, 1999 and 2100, which
 * the server reaches where it widens a date itself (the week of 31.12.2099 ends 03.01.2100, the rules read seven days
 * around a range, holidays are looked up for both; docs/PRODUCT-RULES.md §30.1). The loops over years count up to it.
 */
export const MAX_YEARS_SPANNED = MAX_YEAR - MIN_YEAR + 3;

/**
 * The longest list of days eachDate gives: two years (365 + 366 days). The longest range a route accepts has 367
 * days (its end at most 366 days after its start, docs/PRODUCT-RULES.md §30.1), 381 with the rules' seven days on
 * either side (§24.3), so every legitimate range fits with room to spare and nothing can make the loop run long.
 */
export const MAX_EACH_DATE_DAYS = 731;

/** Valid calendar date in yyyy-MM-dd (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A valid calendar date inside [MIN_DATE, MAX_DATE]. */
export function isDateInWindow(value: string): boolean {
  return isIsoDate(value) && value >= MIN_DATE && value <= MAX_DATE;
}

// Building an Intl.DateTimeFormat costs far more than formatting with it (a tenth of a millisecond, seen in the
// stamping benchmark, docs/PERFORMANCE.md P16), and the server asks for "today" on most requests: one per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in the given IANA time zone (the business's, APP_TIMEZONE). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  const format = cached(dayFormats, timeZone, (zone) => {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  });
  return format.format(now);
}

/** The time of day in a time zone, as HH:mm (24 h). */
export function timeOfDayIn(timeZone: string, now: Date = new Date()): string {
  const format = cached(timeFormats, timeZone, (zone) => {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  });
  return format.format(now);
}

function cached(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = make(timeZone)));
  return format;
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
  const first = Number(start.slice(0, 4));
  const years = Number(end.slice(0, 4)) - first + 1;
  // A programming error, not input: the API refuses dates outside its window (docs/PRODUCT-RULES.md §30.1).
  if (!(years <= MAX_YEARS_SPANNED)) throw new Error(`workingDaysByYear: ${start}..${end} spans too many years`);
  for (let year = first; year < first + years; year++) {
    const from = start > `${year}-01-01` ? start : `${year}-01-01`;
    const to = end < `${year}-12-31` ? end : `${year}-12-31`;
    result.set(year, workingDays(from, to));
  }
  return result;
}

/**
 * Every date from start to end, both included (none when end < start). Counted, never compared as strings
 * (docs/PRODUCT-RULES.md §30.1): a range longer than MAX_EACH_DATE_DAYS, or not made of dates, is a programming
 * error, because the API refuses such ranges before they get here.
 */
export function eachDate(start: string, end: string): string[] {
  const count = daysBetween(start, end) + 1;
  if (!Number.isFinite(count) || count > MAX_EACH_DATE_DAYS)
    throw new Error(`eachDate: ${start}..${end} is no range of at most ${MAX_EACH_DATE_DAYS} days`);
  const dates: string[] = [];
  for (let i = 0; i < count; i++) dates.push(addDays(start, i));
  return dates;
}

/** The same day `months` months later, clamped to the month's end (31.01. + 1 → 28./29.02.). */
/**
 * The months from one to another, both included, as "yyyy-MM", counted on integers: the time account walks years
 * of months for hundreds of people, where Date objects per step show in the event loop.
 */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (;;) {
    const text = `${year}-${month < 10 ? "0" : ""}${month}`;
    if (text > to) return months;
    months.push(text);
    if (++month > 12) [year, month] = [year + 1, 1];
  }
}

/** The last day of a month "yyyy-MM" as yyyy-MM-dd, without a Date object. */
export function lastDayOfMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = index === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(index) ? 30 : 31;
  return `${month}-${days}`;
}

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

/**
 * Days since 1970-01-01 of a `yyyy-MM-dd` date: integer keys for days, weeks and runs. Arithmetic rather than
 * Date.UTC: it runs for every shift of every check (Howard Hinnant's days_from_civil).
 */
export function dayNumber(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}
