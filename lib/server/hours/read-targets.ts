import "server-only";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { holidayDatesIn } from "@/lib/server/holidays/holiday-calendar";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { targetHours, type TargetEmployee } from "@/lib/shared/target-hours";

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
  /** The target of each Monday–Sunday week touching the range, by its Monday (auto-fill's weekly capacity). */
  byWeek(employee: TargetEmployee & { id: number }): Record<string, number> | null;
};

/**
 * The one server reader of targets (docs/PRODUCT-RULES.md §31.1): the public holidays of the company's region
 * (§22) and the days approved vacations charged (vacation_days, §26.3) in the range, widened to whole weeks so a
 * week's target can be asked for, in two queries. The arithmetic is targetHours (lib/shared/target-hours.ts).
 * Crediting absences (sick leave and the like) will add their days to `credited` here.
 */
export async function readTargets(db: Db, { startDate, endDate, employeeIds }: ReadTargetsOptions): Promise<Targets> {
  const from = mondayOf(startDate);
  const to = addDays(mondayOf(endDate), 6);
  const [region, vacationDays] = await Promise.all([
    getCompanyHolidayRegion(db),
    db.vacationDay.findMany({
      where: {
        day: { gte: toDateColumn(from), lte: toDateColumn(to) },
        // A request is no absence yet (docs/PRODUCT-RULES.md §26.3).
        vacation: { status: "approved", ...(employeeIds && { employeeId: { in: employeeIds } }) },
      },
      select: { day: true, vacation: { select: { employeeId: true } } },
    }),
  ]);
  const holidays = [...holidayDatesIn(region, from, to)];
  const credited = new Map<number, string[]>();
  for (const { day, vacation } of vacationDays)
    credited.set(vacation.employeeId, [...(credited.get(vacation.employeeId) ?? []), fromDateColumn(day)]);
  const of: Targets["of"] = (employee, range = { startDate, endDate }) =>
    targetHours(employee, { ...range, holidays, creditedDays: credited.get(employee.id) ?? [] });
  return {
    of,
    byWeek(employee) {
      if (employee.is_hourly) return null;
      const weeks: Record<string, number> = {};
      for (let monday = from; monday <= to; monday = addDays(monday, 7))
        weeks[monday] = of(employee, { startDate: monday, endDate: addDays(monday, 6) }) ?? 0;
      return weeks;
    },
  };
}
