import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessYear } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import type { VacationBalance, VacationDto } from "@/lib/shared/api-types";
import { vacationDaysUsedSql } from "./vacation-days-used";

export type { VacationBalance, VacationDto };

type Row = Omit<VacationDto, "created_at"> & { created_at: Date };

export type VacationFilter = { employeeId?: number; startDate?: string; endDate?: string; id?: number };

/** Vacations with the employee's name in one SQL query, sorted by start. */
export async function findVacations(filter: VacationFilter = {}): Promise<VacationDto[]> {
  const conditions: Prisma.Sql[] = [];
  if (filter.id !== undefined) conditions.push(Prisma.sql`v.id = ${filter.id}`);
  if (filter.employeeId !== undefined) conditions.push(Prisma.sql`v.employee_id = ${filter.employeeId}`);
  // A range selects every vacation overlapping it.
  if (filter.startDate) conditions.push(Prisma.sql`v.end_date >= ${filter.startDate}::date`);
  if (filter.endDate) conditions.push(Prisma.sql`v.start_date <= ${filter.endDate}::date`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT v.id, v.employee_id, e.first_name, e.last_name,
           to_char(v.start_date, 'YYYY-MM-DD') AS start_date,
           to_char(v.end_date, 'YYYY-MM-DD') AS end_date,
           v.days_count::int AS days_count, v.status::text AS status, v.notes, v.created_at
    FROM vacations v
    JOIN employees e ON e.id = v.employee_id
    ${where}
    ORDER BY v.start_date, e.last_name COLLATE "de-CH-x-icu", e.first_name COLLATE "de-CH-x-icu", v.id`;
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export async function getVacation({ id }: IdOptions): Promise<VacationDto> {
  const [vacation] = await findVacations({ id });
  if (!vacation) throw vacationNotFound();
  return vacation;
}

export const vacationNotFound = () => new ApiError("not_found", "Ferien nicht gefunden");

export type VacationBalanceOptions = { employeeId: number; year?: number };

/** GET /vacations/balance/{id}?year=YYYY (default: the current year). */
export async function getVacationBalance({
  employeeId,
  year = businessYear(),
}: VacationBalanceOptions): Promise<VacationBalance> {
  const [row] = await db.$queryRaw<{ total: number; used: number }[]>`
    SELECT e.vacation_days_total::float8 AS total, ${vacationDaysUsedSql(Prisma.sql`e.id`, year)} AS used
    FROM employees e WHERE e.id = ${employeeId} AND e.archived_at IS NULL`;
  if (!row) throw employeeNotFound();
  return { employee_id: employeeId, year, total: row.total, used: row.used, remaining: row.total - row.used };
}
