/**
 * Calendar maths on plain `yyyy-MM-dd` strings, the format of the API
 * (PRODUCT.md §1/§5). No Date objects with local time zones leak in: a day is
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
