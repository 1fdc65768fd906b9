import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db";
import { shiftHours } from "@/lib/shared/hours";
import type { ShiftDto } from "@/lib/shared/api-types";

export type { ShiftDto };

type Row = Omit<ShiftDto, "hours" | "break_minutes">;

type Filter = { startDate?: string; endDate?: string; employeeId?: number; ids?: number[] };

/**
 * Shifts with employee and location names in one SQL query (the planner's
 * week is one request, one query), sorted by date and start time.
 */
export async function findShifts(filter: Filter, reader: Pick<typeof db, "$queryRaw"> = db): Promise<ShiftDto[]> {
  const conditions: Prisma.Sql[] = [];
  if (filter.startDate) conditions.push(Prisma.sql`s.shift_date >= ${filter.startDate}::date`);
  if (filter.endDate) conditions.push(Prisma.sql`s.shift_date <= ${filter.endDate}::date`);
  if (filter.employeeId !== undefined) conditions.push(Prisma.sql`s.employee_id = ${filter.employeeId}`);
  if (filter.ids) conditions.push(filter.ids.length ? Prisma.sql`s.id IN (${Prisma.join(filter.ids)})` : Prisma.sql`false`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const rows = await reader.$queryRaw<Row[]>`
    SELECT s.id, s.employee_id, s.location_id,
           to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date,
           to_char(s.start_time, 'HH24:MI') AS start_time,
           to_char(s.end_time, 'HH24:MI') AS end_time,
           s.is_custom, s.custom_name,
           CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.last_name END AS employee_name,
           l.name AS location_name, l.color::text AS location_color
    FROM shifts s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN employees e ON e.id = s.employee_id
    ${where}
    ORDER BY s.shift_date, s.start_time, s.id`;
  return rows.map((row) => ({ ...row, break_minutes: 0, hours: shiftHours(row.start_time, row.end_time) ?? 0 }));
}

export async function getShift(id: number): Promise<ShiftDto> {
  const [shift] = await findShifts({ ids: [id] });
  if (!shift) throw new ApiError("not_found", "Schicht nicht gefunden");
  return shift;
}
