import "server-only";
import Holidays from "date-holidays";
import { MAX_YEARS_SPANNED } from "@/lib/shared/dates";
import { isHolidayRegion } from "@/lib/shared/schemas/holiday";

/** One public holiday: its calendar date and German name. */
export type Holiday = { date: string; name: string };

// date-holidays carries every country's rules (~1.4 MB): it stays on the server ("server-only"
// above; docs/ARCHITECTURE.md §12). One instance per region and one list per region and year,
// kept for the process's life: the rules of a year never change while it runs. The year cache is
// bounded all the same, though requests name only the years 2000–2099 (docs/PRODUCT-RULES.md §30.1).
const calendars = new Map<string, Holidays>();
const years = new Map<string, Holiday[]>();
const MAX_CACHED_YEARS = 2000;

function calendarOf(region: string): Holidays {
  let calendar = calendars.get(region);
  if (!calendar) {
    // "CH-ZH" → country CH, state ZH; "DE-BY-KATH" → country DE, state BY, region KATH.
    const [country, state, subRegion] = region.split("-");
    calendar = subRegion
      ? new Holidays(country, state, subRegion, { languages: ["de"] })
      : new Holidays(country, state, { languages: ["de"] });
    calendars.set(region, calendar);
  }
  return calendar;
}

function publicHolidaysOfYear(region: string, year: number): Holiday[] {
  const key = `${region}|${year}`;
  let holidays = years.get(key);
  if (!holidays) {
    holidays = calendarOf(region)
      // Only days the law makes public holidays (docs/PRODUCT-RULES.md §22): not "optional" (Berchtoldstag
      // in Zurich), "bank", "school" (Buss- und Bettag in Bavaria) or "observance" days.
      .getHolidays(year)
      .filter((holiday) => holiday.type === "public")
      // `date` is the calendar date in the region's own time zone ("2027-01-02 00:00:00"); its
      // `start` is a Date whose UTC day may be the day before, so it is never used.
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: germanSwiss(holiday.name) }))
      .sort((a, b) => a.date.localeCompare(b.date))
      // A date with two names (substitute days in some regions) is listed once, by its first name.
      .filter((holiday, index, all) => index === 0 || all[index - 1].date !== holiday.date);
    if (years.size >= MAX_CACHED_YEARS) years.clear();
    years.set(key, holidays);
  }
  return holidays;
}

// de-CH spelling (docs/PRODUCT-RULES.md §18.1): "Buss- und Bettag", never "Buß-".
function germanSwiss(name: string): string {
  return name.replaceAll("ß", "ss");
}

/**
 * The public holidays of a region (a code of HOLIDAY_REGIONS) from start to end, both included,
 * sorted by date. No region, or one no longer offered: none.
 */
export function holidaysIn(region: string | null, start: string, end: string): Holiday[] {
  if (!region || !isHolidayRegion(region) || end < start) return [];
  const first = Number(start.slice(0, 4));
  const years = Number(end.slice(0, 4)) - first + 1;
  // Counted and bounded before the loop (docs/PRODUCT-RULES.md §30.1): the API's dates lie in 2000–2099, and a
  // range of more is a programming error, not input.
  if (!(years <= MAX_YEARS_SPANNED)) throw new Error(`holidaysIn: ${start}..${end} spans too many years`);
  const result: Holiday[] = [];
  for (let year = first; year < first + years; year++) {
    for (const holiday of publicHolidaysOfYear(region, year)) {
      if (holiday.date >= start && holiday.date <= end) result.push(holiday);
    }
  }
  return result;
}

/** The dates of holidaysIn, for counting working days. */
export function holidayDatesIn(region: string | null, start: string, end: string): Set<string> {
  return new Set(holidaysIn(region, start, end).map((holiday) => holiday.date));
}
