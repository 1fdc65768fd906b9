import "server-only";
import { readCreditAbsences } from "@/lib/server/absences/read-credit-absences";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { holidayDatesIn } from "@/lib/server/holidays/holiday-calendar";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { addDays, mondayOf } from "@/lib/shared/dates";
import {
  absenceCredits,
  targetDaysOf,
  targetOfDays,
  type TargetDays,
  type TargetEmployee,
} from "@/lib/shared/target-hours";

export type ReadTargetsOptions = {
  startDate: string;
  endDate: string;
  /** Only these employees' credited days are read (all when left out). */
  employeeIds?: number[];
};

/** A range's target facts, read once; asked per employee and per sub-range (a week of it). */
export type Targets = {
  /** The employee's target in the range, or in a sub-range of it (e.g. one week); null for the hourly paid. */
  of(employee: TargetEmployee & { id: number }, range?: { startDate: string; endDate: string }): number | null;
  /**
   * The target before credits: weekly hours / 5 × the Monday–Friday days less public holidays, as the time account
   * shows it beside the credits (docs/PRODUCT-RULES.md §34.3). Null for the hourly paid.
   */
  beforeCredits(
    employee: TargetEmployee & { id: number },
    range: { startDate: string; endDate: string },
  ): number | null;
  /** The target of each Monday–Sunday week touching the range, by its Monday (auto-fill's weekly capacity). */
  byWeek(employee: TargetEmployee & { id: number }): Record<string, number> | null;
};

/**
 * The one server reader of targets (docs/PRODUCT-RULES.md §31.1): the public holidays of the company's region
 * (§22) and the days approved vacations charged (vacation_days, §26.3) in the range, widened to whole weeks so a
 * week's target can be asked for, in three queries. The arithmetic is targetHours (lib/shared/target-hours.ts).
 * Crediting absences (every type but `unbezahlt`, §32.2) add their whole days to the credited days and their hours
 * to the credited hours.
 */
export async function readTargets(db: Db, { startDate, endDate, employeeIds }: ReadTargetsOptions): Promise<Targets> {
  const from = mondayOf(startDate);
  const to = addDays(mondayOf(endDate), 6);
  const [region, vacationDays, absences] = await Promise.all([
    getCompanyHolidayRegion(db),
    db.vacationDay.findMany({
      where: {
        day: { gte: toDateColumn(from), lte: toDateColumn(to) },
        // A request is no absence yet (docs/PRODUCT-RULES.md §26.3).
        vacation: { status: "approved", ...(employeeIds && { employeeId: { in: employeeIds } }) },
      },
      select: { day: true, vacation: { select: { employeeId: true } } },
    }),
    readCreditAbsences(db, { from, to, employeeIds }),
  ]);
  const holidays = [...holidayDatesIn(region, from, to)];
  const credited = new Map<number, string[]>();
  for (const { day, vacation } of vacationDays) {
    const list = credited.get(vacation.employeeId) ?? [];
    if (list.length === 0) credited.set(vacation.employeeId, list);
    list.push(fromDateColumn(day));
  }
  const absenceCredit = absenceCredits(absences, from, to);
  for (const [employeeId, days] of absenceCredit.days)
    credited.set(employeeId, [...(credited.get(employeeId) ?? []), ...days]);
  // Each person's days as day numbers, built once: a reader asking for many ranges (the time account) then walks
  // integers only.
  const noCredits = targetDaysOf({ holidays, creditedDays: [] });
  const daysOf = new Map<number, TargetDays>();
  const personDays = (id: number) => {
    let days = daysOf.get(id);
    if (!days) {
      const creditedDays = credited.get(id) ?? [];
      const creditedHours = absenceCredit.hours.get(id) ?? [];
      days =
        creditedDays.length === 0 && creditedHours.length === 0
          ? noCredits
          : { ...targetDaysOf({ holidays: [], creditedDays, creditedHours }), holidays: noCredits.holidays };
      daysOf.set(id, days);
    }
    return days;
  };
  const of: Targets["of"] = (employee, range = { startDate, endDate }) =>
    targetOfDays(employee, range.startDate, range.endDate, personDays(employee.id));
  return {
    of,
    beforeCredits: (employee, range) => targetOfDays(employee, range.startDate, range.endDate, noCredits),
    byWeek(employee) {
      if (employee.is_hourly) return null;
      const weeks: Record<string, number> = {};
      for (let monday = from; monday <= to; monday = addDays(monday, 7))
        weeks[monday] = of(employee, { startDate: monday, endDate: addDays(monday, 6) }) ?? 0;
      return weeks;
    },
  };
}
