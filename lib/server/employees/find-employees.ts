import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessYear } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { toEmployeeDto, type EmployeeDto } from "./employee-dto";
import { vacationDaysUsedSql } from "./vacation-days-used";

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  weekly_hours: number;
  vacation_days_total: number;
  is_hourly: boolean;
  created_at: Date;
  used: number;
};

/**
 * Active employees with this year's vacation days used, in one SQL query
 * (no query per employee). Sorted by last name, first name.
 */
export async function findEmployees(options: { id?: number } = {}): Promise<EmployeeDto[]> {
  const onlyOne = options.id !== undefined ? Prisma.sql`AND e.id = ${options.id}` : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT e.id, e.first_name, e.last_name, e.weekly_hours::float8 AS weekly_hours,
           e.vacation_days_total::float8 AS vacation_days_total, e.is_hourly, e.created_at,
           ${vacationDaysUsedSql(Prisma.sql`e.id`, businessYear())} AS used
    FROM employees e
    WHERE e.archived_at IS NULL ${onlyOne}
    ORDER BY e.last_name COLLATE "de-CH-x-icu", e.first_name COLLATE "de-CH-x-icu", e.id`;
  return rows.map((row) =>
    toEmployeeDto(
      {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        weeklyHours: row.weekly_hours,
        vacationDaysTotal: row.vacation_days_total,
        isHourly: row.is_hourly,
        createdAt: row.created_at,
      },
      row.used,
    ),
  );
}

export async function listEmployees(): Promise<EmployeeDto[]> {
  return findEmployees();
}

/** 404 for unknown and archived ids (PRODUCT.md §4). */
export async function getEmployee(id: number): Promise<EmployeeDto> {
  const [employee] = await findEmployees({ id });
  if (!employee) throw employeeNotFound();
  return employee;
}

export const employeeNotFound = () => new ApiError("not_found", "Mitarbeiter nicht gefunden");
