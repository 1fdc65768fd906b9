import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { toDateColumn } from "@/lib/server/db-columns";

/**
 * Vacation days used per employee in one calendar year: the Monday-Friday
 * days of each vacation that fall into that year (a vacation across New Year
 * counts against each year separately). Computed, never a stored counter.
 */
export async function vacationDaysUsed(year: number, employeeIds?: number[]): Promise<Map<number, number>> {
  if (employeeIds?.length === 0) return new Map();
  const yearStart = toDateColumn(`${year}-01-01`);
  const yearEnd = toDateColumn(`${year}-12-31`);
  const onlyThese = employeeIds ? Prisma.sql`AND v.employee_id IN (${Prisma.join(employeeIds)})` : Prisma.empty;
  const rows = await db.$queryRaw<{ employee_id: number; used: number }[]>`
    SELECT v.employee_id, count(*)::int AS used
    FROM vacations v
    CROSS JOIN LATERAL generate_series(
      greatest(v.start_date, ${yearStart}::date),
      least(v.end_date, ${yearEnd}::date),
      interval '1 day'
    ) AS d(day)
    WHERE v.start_date <= ${yearEnd}::date
      AND v.end_date >= ${yearStart}::date
      AND extract(isodow FROM d.day) < 6
      ${onlyThese}
    GROUP BY v.employee_id`;
  return new Map(rows.map((row) => [row.employee_id, row.used]));
}
