import { dayNumber, eachDate } from "./dates";
import { creditsTarget, type AbsenceType } from "./schemas/absence";
import { sumHours } from "./hours";

/** What an employee's target depends on: the contract's weekly hours, or none for the hourly paid. */
export type TargetEmployee = { is_hourly: boolean; weekly_hours: number };

export type TargetRange = {
  startDate: string;
  endDate: string;
  /** Public holidays of the company's region (any dates; those outside the range or on a weekend do not count). */
  holidays: Iterable<string>;
  /**
   * The employee's days credited like worked ones: approved vacation days and the days of crediting absences
   * (docs/PRODUCT-RULES.md §31.1, §32.2).
   */
  creditedDays: Iterable<string>;
  /**
   * Absences of hours on one day (docs/PRODUCT-RULES.md §32.2): each credits its hours on a day to work, at most
   * that day's share of the week (weekly hours / 5); on a weekend, a holiday or a credited day it credits nothing.
   */
  creditedHours?: Iterable<{ day: string; hours: number }>;
};

/** Rounded to hundredths like every sum of hours (lib/shared/hours.ts). */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A range's holidays and credits as day numbers (days since 1970-01-01, `dayNumber`): what the arithmetic below reads.
 * A reader asking for many ranges (the time account: every person, every month) builds it once per person and asks
 * `targetOfDays` per range, which walks integers, not dates.
 */
export type TargetDays = {
  holidays: ReadonlySet<number>;
  credited: ReadonlySet<number>;
  creditedHours: readonly { day: number; hours: number }[];
};

const NOTHING: ReadonlySet<number> = new Set();

/** TargetRange's dates as day numbers. */
export function targetDaysOf(range: Omit<TargetRange, "startDate" | "endDate">): TargetDays {
  return {
    holidays: new Set([...range.holidays].map(dayNumber)),
    credited: new Set([...range.creditedDays].map(dayNumber)),
    creditedHours: [...(range.creditedHours ?? [])].map(({ day, hours }) => ({ day: dayNumber(day), hours })),
  };
}

/** The same days without the person's credits: the target before them. */
export function withoutCredits(days: TargetDays): TargetDays {
  return { holidays: days.holidays, credited: NOTHING, creditedHours: [] };
}

/** Monday–Friday, not a holiday, not credited (day 0, 1970-01-01, was a Thursday). */
function toWork(day: number, days: TargetDays): boolean {
  const weekday = (((day + 3) % 7) + 7) % 7; // 0 = Monday
  return weekday < 5 && !days.holidays.has(day) && !days.credited.has(day);
}

/** daysToWork on day numbers, both ends included. */
function countDaysToWork(first: number, last: number, days: TargetDays): number {
  let count = 0;
  for (let day = first; day <= last; day++) if (toWork(day, days)) count++;
  return count;
}

/**
 * The days the employee is expected to work in the range: Monday–Friday, less public holidays, less credited days
 * (a credited day that is also a holiday counts once).
 */
export function daysToWork(range: TargetRange): number {
  return countDaysToWork(dayNumber(range.startDate), dayNumber(range.endDate), targetDaysOf(range));
}

/**
 * The one target of hours for any range (docs/PRODUCT-RULES.md §31.1): weekly hours / 5 × (Monday–Friday days −
 * public holidays on them − credited days on them). Hourly employees have none (null). Every screen and answer that
 * shows or uses a target or free hours goes through here, so a week with a holiday or a vacation shows one balance.
 */
export function targetHours(employee: TargetEmployee, range: TargetRange): number | null {
  return targetOfDays(employee, range.startDate, range.endDate, targetDaysOf(range));
}

/** targetHours with the holidays and credits already as day numbers (TargetDays). */
export function targetOfDays(employee: TargetEmployee, startDate: string, endDate: string, days: TargetDays) {
  if (employee.is_hourly) return null;
  const perDay = employee.weekly_hours / 5;
  const first = dayNumber(startDate);
  const last = dayNumber(endDate);
  return round2(perDay * countDaysToWork(first, last, days) - hoursCredited(first, last, days, perDay));
}

/**
 * The hours the range's absences of hours take off its target (see `creditedHours`): each on a day to work in the
 * range, at most that day's share of the week.
 */
function hoursCredited(first: number, last: number, days: TargetDays, perDay: number): number {
  let total = 0;
  for (const { day, hours } of days.creditedHours)
    if (day >= first && day <= last && toWork(day, days)) total += Math.min(hours, perDay);
  return total;
}

/** Free hours = target − scheduled; null without a target (hourly). Negative when overbooked. */
export function freeHours(target: number | null, scheduled: number): number | null {
  return target === null ? null : sumHours([target, -scheduled]);
}

/** An absence as the target reads it (docs/PRODUCT-RULES.md §32.2): whole days, or hours on its one day. */
export type CreditAbsence = {
  employeeId: number;
  type: AbsenceType;
  startDate: string;
  endDate: string;
  hours: number | null;
};

export type AbsenceCredits = {
  days: Map<number, string[]>;
  hours: Map<number, { day: string; hours: number }[]>;
};

/**
 * What absences credit, by employee, for `creditedDays` and `creditedHours`: the days of whole-day absences inside
 * [from, to] and the hours of the others; unpaid leave credits nothing. The one reading of absences for targets, so
 * the server's reader of targets and the hours report agree.
 */
export function absenceCredits(absences: Iterable<CreditAbsence>, from: string, to: string): AbsenceCredits {
  const credits: AbsenceCredits = { days: new Map(), hours: new Map() };
  for (const absence of absences) {
    if (!creditsTarget(absence.type) || absence.endDate < from || absence.startDate > to) continue;
    if (absence.hours !== null) {
      const list = credits.hours.get(absence.employeeId) ?? [];
      credits.hours.set(absence.employeeId, [...list, { day: absence.startDate, hours: absence.hours }]);
      continue;
    }
    const days = eachDate(
      absence.startDate < from ? from : absence.startDate,
      absence.endDate > to ? to : absence.endDate,
    );
    credits.days.set(absence.employeeId, [...(credits.days.get(absence.employeeId) ?? []), ...days]);
  }
  return credits;
}
