import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * SQL for the vacation days an employee used in one calendar year: the
 * vacation_days rows of their vacations dated in that year, i.e. what each
 * vacation was charged when it was written (Monday-Friday days less the
 * public holidays of then; docs/PRODUCT-RULES.md §22). A vacation across New
 * Year counts against each year separately. `employeeId` is an SQL expression.
 */
export function vacationDaysUsedSql(employeeId: Prisma.Sql, year: number, excludeVacationId?: number): Prisma.Sql {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const exclude = excludeVacationId ? Prisma.sql`AND v.id <> ${excludeVacationId}` : Prisma.empty;
  return Prisma.sql`(
    SELECT count(*)::int
    FROM vacations v
    JOIN vacation_days d ON d.vacation_id = v.id
    WHERE v.employee_id = ${employeeId}
      AND v.start_date <= ${yearEnd}::date
      AND v.end_date >= ${yearStart}::date
      AND d.day BETWEEN ${yearStart}::date AND ${yearEnd}::date
      ${exclude}
  )`;
}
