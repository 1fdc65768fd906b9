import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessYear } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { vacationDaysUsedSql } from "@/lib/server/employees/vacation-days-used";
import type { VacationBalance } from "@/lib/shared/api-types";

export type { VacationBalance };

type Reader = Pick<typeof db, "$queryRaw">;

/** Days used in `year`, computed from the vacations (optionally leaving one out). */
export async function daysUsed(
  reader: Reader,
  employeeId: number,
  year: number,
  excludeVacationId?: number,
): Promise<number> {
  const [row] = await reader.$queryRaw<
    { used: number }[]
  >`SELECT ${vacationDaysUsedSql(Prisma.sql`${employeeId}`, year, excludeVacationId)} AS used`;
  return row.used;
}

/** GET /vacations/balance/{id}?year=YYYY (default: the current year). */
export async function vacationBalance(employeeId: number, year = businessYear()): Promise<VacationBalance> {
  const [row] = await db.$queryRaw<{ total: number; used: number }[]>`
    SELECT e.vacation_days_total::float8 AS total, ${vacationDaysUsedSql(Prisma.sql`e.id`, year)} AS used
    FROM employees e WHERE e.id = ${employeeId} AND e.archived_at IS NULL`;
  if (!row) throw new ApiError("not_found", "Mitarbeiter nicht gefunden");
  return { employee_id: employeeId, year, total: row.total, used: row.used, remaining: row.total - row.used };
}
