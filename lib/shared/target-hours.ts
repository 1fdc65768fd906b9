import { eachDate, isoWeekday } from "./dates";
import { sumHours } from "./hours";

/** What an employee's target depends on: the contract's weekly hours, or none for the hourly paid. */
export type TargetEmployee = { is_hourly: boolean; weekly_hours: number };

export type TargetRange = {
  startDate: string;
  endDate: string;
  /** Public holidays of the company's region (any dates; those outside the range or on a weekend do not count). */
  holidays: Iterable<string>;
  /**
   * The employee's days credited like worked ones: approved vacation days today. Crediting absences
   * (docs/PRODUCT-RULES.md §31.1) join this list when they exist; nothing else here changes.
   */
  creditedDays: Iterable<string>;
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
  return round2((employee.weekly_hours / 5) * daysToWork(range));
}

/** Free hours = target − scheduled; null without a target (hourly). Negative when overbooked. */
export function freeHours(target: number | null, scheduled: number): number | null {
  return target === null ? null : sumHours([target, -scheduled]);
}
