import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * SQL for the vacation days an employee used in one calendar year: the
 * Monday-Friday days of each vacation that fall into that year (a vacation
 * across New Year counts against each year separately). Always computed from
 * the vacations, never a stored counter. `employeeId` is an SQL expression.
 */
export function vacationDaysUsedSql(employeeId: Prisma.Sql, year: number, excludeVacationId?: number): Prisma.Sql {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const exclude = excludeVacationId ? Prisma.sql`AND v.id <> ${excludeVacationId}` : Prisma.empty;
  return Prisma.sql`(
    SELECT count(*)::int
    FROM vacations v
    CROSS JOIN LATERAL generate_series(
      greatest(v.start_date, ${yearStart}::date),
      least(v.end_date, ${yearEnd}::date),
      interval '1 day'
    ) AS d(day)
    WHERE v.employee_id = ${employeeId}
      AND v.start_date <= ${yearEnd}::date
      AND v.end_date >= ${yearStart}::date
      AND extract(isodow FROM d.day) < 6
      ${exclude}
  )`;
}
