import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db";
import type { ShiftDto } from "@/lib/shared/api-types";

export type { ShiftDto };

type Filter = { startDate?: string; endDate?: string; employeeId?: number; ids?: number[] };
type Reader = Pick<typeof db, "$queryRaw">;

// Hours as lib/shared/hours.ts computes them: an end at or before the start
// crosses midnight; equal times (refused on write) count 0.
const HOURS = Prisma.sql`CASE WHEN s.end_time = s.start_time THEN 0
  ELSE (((extract(epoch FROM s.end_time - s.start_time)::int / 60) + 1440) % 1440)::float8 / 60 END`;

/**
 * The shifts as the API's JSON array text, built by PostgreSQL in one query
 * with employee and location names, sorted by date and start time. The week
 * view is the busiest request: handing PostgreSQL's JSON straight to the
 * response saves turning 300 rows into objects and back into JSON.
 */
export async function shiftsJson(filter: Filter, reader: Reader = db): Promise<string> {
  const conditions: Prisma.Sql[] = [];
  if (filter.startDate) conditions.push(Prisma.sql`s.shift_date >= ${filter.startDate}::date`);
  if (filter.endDate) conditions.push(Prisma.sql`s.shift_date <= ${filter.endDate}::date`);
  if (filter.employeeId !== undefined) conditions.push(Prisma.sql`s.employee_id = ${filter.employeeId}`);
  if (filter.ids) conditions.push(filter.ids.length ? Prisma.sql`s.id IN (${Prisma.join(filter.ids)})` : Prisma.sql`false`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const [{ json }] = await reader.$queryRaw<{ json: string }[]>`
    SELECT coalesce(json_agg(json_build_object(
             'id', s.id, 'employee_id', s.employee_id, 'location_id', s.location_id,
             'shift_date', to_char(s.shift_date, 'YYYY-MM-DD'),
             'start_time', to_char(s.start_time, 'HH24:MI'),
             'end_time', to_char(s.end_time, 'HH24:MI'),
             'break_minutes', 0, 'is_custom', s.is_custom, 'custom_name', s.custom_name,
             'hours', ${HOURS},
             'employee_name', CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.last_name END,
             'location_name', l.name, 'location_color', l.color::text
           ) ORDER BY s.shift_date, s.start_time, s.id), '[]')::text AS json
    FROM shifts s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN employees e ON e.id = s.employee_id
    ${where}`;
  return json;
}

/** The same shifts as objects, for the server's own use (dashboard, availability, writes). */
export async function findShifts(filter: Filter, reader: Reader = db): Promise<ShiftDto[]> {
  return JSON.parse(await shiftsJson(filter, reader)) as ShiftDto[];
}

export async function getShift(id: number): Promise<ShiftDto> {
  const [shift] = await findShifts({ ids: [id] });
  if (!shift) throw new ApiError("not_found", "Schicht nicht gefunden");
  return shift;
}
