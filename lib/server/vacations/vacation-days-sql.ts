import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { VacationStatus } from "@/lib/shared/schemas/vacation";

export type VacationDaysSqlOptions = {
  /** An SQL expression naming the employee (e.g. `e.id`, or a parameter). */
  employeeId: Prisma.Sql;
  year: number;
  /** `approved`: the days used; `requested`: the days pending (docs/PRODUCT-RULES.md §26.3). */
  status: Exclude<VacationStatus, "rejected">;
  /** Leave one vacation out (a vacation being changed or approved does not count against itself). */
  excludeVacationId?: number;
};

/**
 * SQL for the vacation days of one status an employee has in one calendar year: the vacation_days rows of their
 * vacations dated in that year, i.e. what each vacation was charged when it was written (Monday-Friday days less
 * the public holidays of then; docs/PRODUCT-RULES.md §22). A vacation across New Year counts against each year
 * separately. Rejected requests keep no vacation_days rows; every reader still names the status it counts.
 */
export function vacationDaysSql({ employeeId, year, status, excludeVacationId }: VacationDaysSqlOptions): Prisma.Sql {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const exclude = excludeVacationId ? Prisma.sql`AND v.id <> ${excludeVacationId}` : Prisma.empty;
  return Prisma.sql`(
    SELECT count(*)::int
    FROM vacations v
    JOIN vacation_days d ON d.vacation_id = v.id
    WHERE v.employee_id = ${employeeId}
      AND v.status = ${status}::"VacationStatus"
      AND v.start_date <= ${yearEnd}::date
      AND v.end_date >= ${yearStart}::date
      AND d.day BETWEEN ${yearStart}::date AND ${yearEnd}::date
      ${exclude}
  )`;
}
