/**
 * Surcharge time (Zuschläge) of a recorded entry: how much of the work fell into each window the labour rules pay
 * extra for (docs/PRODUCT-RULES.md §34.2). One pure function for the time account, the monthly statement and the
 * payroll export; what a category is paid (its percentage, its wage type) is the company's setting, not here.
 *
 * The windows are wall-clock times in the business's time zone; the time counted in them is real elapsed time, so a
 * night shift over a change of the clocks counts the hour it really lasted (one more in October, one less in March).
 */
import { tzOffset } from "@date-fns/tz";
import { DAY_MS, MINUTE_MS, instantOf, isoOfDay } from "../rules/time";
import type { LabourRulesCode } from "../schemas/settings";

// The categories live apart, so a screen that names them (Betrieb → Lohnabrechnung) does not load the windows' code.
import { ALL_SURCHARGE_CATEGORIES, type SurchargeCategory } from "./surcharge-categories";
export { ALL_SURCHARGE_CATEGORIES, SURCHARGE_CATEGORIES, type SurchargeCategory } from "./surcharge-categories";

/** Milliseconds (or minutes) per category; categories of other labour rules stay 0. */
export type SurchargeTimes = Record<SurchargeCategory, number>;

/** A recorded entry: start and end (epoch ms), its breaks, which count in no category, and where it was worked. */
export type SurchargeEntry = {
  startAt: number;
  endAt: number;
  breaks: readonly { startAt: number; endAt: number }[];
  /** Whether a date (yyyy-MM-dd) is a public holiday where the entry was worked (its location's region). */
  isHoliday: (isoDate: string) => boolean;
};

export type SurchargeRules = { labourRules: LabourRulesCode; timeZone: string };

/**
 * Entries of one person this close after each other are one stretch of work, as if the gap were a break: § 3b's
 * "work begun before midnight" is the stretch's beginning, so stamping out and in again at 00:30 changes nothing.
 */
export const SAME_STRETCH_GAP_MS = 60 * MINUTE_MS;

const H = 60;
/** Every wall-clock minute at which a category may begin or end, in either rule set. */
const BOUNDARIES = [4 * H, 6 * H, 14 * H, 20 * H, 23 * H, 24 * H];

export function noSurcharges(): SurchargeTimes {
  return { night: 0, night_core: 0, sunday: 0, holiday: 0, holiday_special: 0 };
}

/**
 * The entry's time per category in milliseconds: worked time only (breaks and anything outside start–end count
 * nothing), so no category exceeds the worked time. `workBeganAt` is the beginning of the stretch of work the entry
 * belongs to (its own start unless an entry just before it continues into it; see surchargeMinutesOfEntries).
 */
export function surchargeTimes(
  entry: SurchargeEntry,
  rules: SurchargeRules,
  workBeganAt: number = entry.startAt,
): SurchargeTimes {
  const times = noSurcharges();
  if (rules.labourRules === "none") return times;
  for (const [from, to] of workedStretches(entry)) {
    let at = from;
    while (at < to) {
      const { day, minute } = wallClock(rules.timeZone, at);
      const boundary = BOUNDARIES.find((candidate) => candidate > minute) ?? 24 * H;
      // The next instant at which the wall clock reaches a boundary; on a day whose clocks change it is where the
      // zone puts that wall time, never before `at` (the step always moves on).
      const next = Math.min(to, Math.max(at + 1, instantOf(rules.timeZone, day, boundary)));
      const startedBefore = workBeganAt < instantOf(rules.timeZone, day, 0);
      for (const category of categoriesAt(rules.labourRules, entry, day, minute, startedBefore))
        times[category] += next - at;
      at = next;
    }
  }
  return times;
}

/**
 * One person's entries summed per category, in whole minutes: each entry's time rounded down like its worked
 * minutes (a category never holds a minute not worked), entries in one stretch of work (SAME_STRETCH_GAP_MS) read
 * with the stretch's beginning. In milliseconds (`surchargeTimesOfEntries`) cutting an entry in two changes nothing.
 */
export function surchargeMinutesOfEntries(
  entries: readonly SurchargeEntry[],
  rules: SurchargeRules,
  counts: (entry: SurchargeEntry) => boolean = () => true,
): SurchargeTimes {
  return sumOverStretches(entries, rules, (time) => Math.floor(time / MINUTE_MS), counts);
}

/** surchargeMinutesOfEntries in milliseconds, unrounded. */
export function surchargeTimesOfEntries(entries: readonly SurchargeEntry[], rules: SurchargeRules): SurchargeTimes {
  return sumOverStretches(entries, rules, (time) => time);
}

/**
 * Sums the entries `counts` accepts; the others only tell where a stretch of work began (a month's sums read the
 * evening before its first day, so a night begun on the last day of the month before keeps its 40 %).
 */
function sumOverStretches(
  entries: readonly SurchargeEntry[],
  rules: SurchargeRules,
  round: (time: number) => number,
  counts: (entry: SurchargeEntry) => boolean = () => true,
): SurchargeTimes {
  const totals = noSurcharges();
  let began = -Infinity;
  let lastEnd = -Infinity;
  for (const entry of [...entries].sort((a, b) => a.startAt - b.startAt)) {
    if (entry.startAt - lastEnd > SAME_STRETCH_GAP_MS) began = entry.startAt;
    lastEnd = Math.max(lastEnd, entry.endAt);
    if (!counts(entry)) continue;
    const times = surchargeTimes(entry, rules, began);
    for (const category of ALL_SURCHARGE_CATEGORIES) totals[category] += round(times[category]);
  }
  return totals;
}

/** The entry's time less its breaks, as [from, to) stretches in order. */
function workedStretches(entry: SurchargeEntry): [number, number][] {
  const breaks = [...entry.breaks]
    .map(({ startAt, endAt }) => [Math.max(startAt, entry.startAt), Math.min(endAt, entry.endAt)] as const)
    .filter(([from, to]) => from < to)
    .sort((a, b) => a[0] - b[0]);
  const stretches: [number, number][] = [];
  let at = entry.startAt;
  for (const [from, to] of breaks) {
    if (from > at) stretches.push([at, from]);
    at = Math.max(at, to);
  }
  if (at < entry.endAt) stretches.push([at, entry.endAt]);
  return stretches;
}

/** The wall-clock day (days since 1970-01-01) and minute of the day (fractional) of an instant in the zone. */
function wallClock(timeZone: string, instant: number): { day: number; minute: number } {
  const offset = tzOffset(timeZone, new Date(instant));
  const local = instant + (Number.isFinite(offset) ? offset : 0) * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: (local - day * DAY_MS) / MINUTE_MS };
}

/** ISO weekday of a day number: 1 Monday … 7 Sunday (day 0, 1970-01-01, was a Thursday). */
function weekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

type Holidays = Pick<SurchargeEntry, "isHoliday">;

function categoriesAt(
  labourRules: LabourRulesCode,
  place: Holidays,
  day: number,
  minute: number,
  startedBefore: boolean,
): SurchargeCategory[] {
  return labourRules === "DE"
    ? germanCategories(place, day, minute, startedBefore)
    : swissCategories(place, day, minute);
}

/** § 3b EStG's day categories, lowest first: the highest that applies counts. */
const GERMAN_DAY_RANK = ["sunday", "holiday", "holiday_special"] as const;
type GermanDayCategory = (typeof GERMAN_DAY_RANK)[number];

function germanCategories(place: Holidays, day: number, minute: number, startedBefore: boolean): SurchargeCategory[] {
  const categories: SurchargeCategory[] = [];
  // § 3b Abs. 3 Nr. 1: night work begun before midnight is paid more from 0 to 4 h.
  if (minute < 4 * H && startedBefore) categories.push("night_core");
  else if (minute < 6 * H || minute >= 20 * H) categories.push("night");
  let dayCategory = germanDayCategory(place, day, minute);
  // § 3b Abs. 3 Nr. 2: from 0 to 4 h after a Sunday or holiday, work begun before midnight counts as that day's.
  if (minute < 4 * H && startedBefore) dayCategory = higher(dayCategory, germanDayCategory(place, day - 1, 24 * H - 1));
  if (dayCategory) categories.push(dayCategory);
  return categories;
}

function germanDayCategory(place: Holidays, day: number, minute: number): GermanDayCategory | null {
  const date = isoOfDay(day);
  const monthDay = date.slice(5);
  const afternoon = minute >= 14 * H;
  if (monthDay === "12-25" || monthDay === "12-26" || monthDay === "05-01") return "holiday_special";
  if (monthDay === "12-24" && afternoon) return "holiday_special";
  if (place.isHoliday(date) || (monthDay === "12-31" && afternoon)) return "holiday";
  return weekday(day) === 7 ? "sunday" : null;
}

function higher(a: GermanDayCategory | null, b: GermanDayCategory | null): GermanDayCategory | null {
  if (a === null) return b;
  if (b === null) return a;
  return GERMAN_DAY_RANK.indexOf(a) >= GERMAN_DAY_RANK.indexOf(b) ? a : b;
}

function swissCategories(place: Holidays, day: number, minute: number): SurchargeCategory[] {
  const categories: SurchargeCategory[] = [];
  if (minute < 6 * H || minute >= 23 * H) categories.push("night");
  // The Swiss Sunday (and a holiday) runs from 23 h the day before to 23 h on the day.
  const swissDay = minute >= 23 * H ? day + 1 : day;
  if (place.isHoliday(isoOfDay(swissDay))) categories.push("holiday");
  else if (weekday(swissDay) === 7) categories.push("sunday");
  return categories;
}
