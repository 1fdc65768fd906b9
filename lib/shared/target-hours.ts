import { eachDate, isoWeekday } from "./dates";
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
 * The days the employee is expected to work in the range: Monday–Friday, less public holidays, less credited days
 * (a credited day that is also a holiday counts once).
 */
export function daysToWork(range: TargetRange): number {
  const holidays = new Set(range.holidays);
  const credited = new Set(range.creditedDays);
  return eachDate(range.startDate, range.endDate).filter(
    (day) => isoWeekday(day) <= 5 && !holidays.has(day) && !credited.has(day),
  ).length;
}

/**
 * The one target of hours for any range (docs/PRODUCT-RULES.md §31.1): weekly hours / 5 × (Monday–Friday days −
 * public holidays on them − credited days on them). Hourly employees have none (null). Every screen and answer that
 * shows or uses a target or free hours goes through here, so a week with a holiday or a vacation shows one balance.
 */
export function targetHours(employee: TargetEmployee, range: TargetRange): number | null {
  if (employee.is_hourly) return null;
  const perDay = employee.weekly_hours / 5;
  return round2(perDay * daysToWork(range) - hoursCredited(range, perDay));
}

/** The hours the range's absences of hours take off its target (see `creditedHours`). */
function hoursCredited(range: TargetRange, perDay: number): number {
  if (!range.creditedHours) return 0;
  const holidays = new Set(range.holidays);
  const credited = new Set(range.creditedDays);
  let total = 0;
  for (const { day, hours } of range.creditedHours) {
    const toWork =
      day >= range.startDate &&
      day <= range.endDate &&
      isoWeekday(day) <= 5 &&
      !holidays.has(day) &&
      !credited.has(day);
    if (toWork) total += Math.min(hours, perDay);
  }
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
