import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { config } from "@/lib/server/config";
import { db, type Db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import type { ShiftDto } from "@/lib/shared/api-types";

export type { ShiftDto };

export type ShiftFilter = {
  startDate?: string;
  endDate?: string;
  employeeId?: number;
  ids?: number[];
  /** Only unassigned shifts of active locations: the ones staff may apply for (docs/PRODUCT-RULES.md §26.5). */
  open?: true;
  /**
   * The plan as staff see it (the view `staff_shifts`): as last published while publishing is on, else the draft
   * (docs/PRODUCT-RULES.md §33.3). Without it, the draft the planner edits.
   */
  staff?: boolean;
};
type Reader = Pick<Db, "$queryRaw">;

// A dated shift's hours as datedShiftHours (lib/shared/rules/time.ts) computes them: the real time between start and
// end in the business's time zone less the break, where an end at or before the start is on the next day — an hour
// off the clock on the DST nights (docs/PRODUCT-RULES.md §32.5). Equal times (refused on write) count 0. When the
// shift's day and the next hold no change (their midnights 48 h apart) the clock's length is the real one: that
// test costs a tenth of business_instant (migration 20261203000050), which is left to the few days around a change.
// Reads the shift as `s`; also used for the shifts of webhook events (lib/server/webhooks/shift-events.ts).
export const shiftHoursSql = (zone: string) => Prisma.sql`CASE WHEN s.end_time = s.start_time THEN 0
  WHEN ((s.shift_date + 2)::timestamp AT TIME ZONE ${zone}) - (s.shift_date::timestamp AT TIME ZONE ${zone})
       = interval '48 hours'
    THEN ((((extract(epoch FROM s.end_time - s.start_time)::int / 60) + 1440) % 1440) - s.break_minutes)::float8 / 60
  ELSE (extract(epoch FROM
      business_instant(s.shift_date + s.end_time + CASE WHEN s.end_time < s.start_time THEN interval '1 day'
                                                        ELSE interval '0' END, ${zone})
    - business_instant(s.shift_date + s.start_time, ${zone}))::float8 / 60 - s.break_minutes) / 60
  END`;

/**
 * The shifts as the API's JSON array text, built by PostgreSQL in one query
 * with employee and location names, sorted by date and start time. The week
 * view is the busiest request: handing PostgreSQL's JSON straight to the
 * response saves turning 300 rows into objects and back into JSON.
 *
 * The names are looked up per shift by primary key (not hash-joined), so the
 * cost follows the shifts asked for, not the size of the staff and location
 * tables; times are cut from their text form, cheaper than to_char. The columns of `shifts` read here are all in
 * the week index (shift_date, start_time INCLUDE …, migration 20261127000200_shifts_week_covering), so a week is
 * an index-only scan however scattered its rows lie in the table: a column read here and missing there sends every
 * row back to its table page (docs/PERFORMANCE.md "P2 and P9: the week on 1 M shifts").
 */
export async function shiftsJson(db: Reader, filter: ShiftFilter): Promise<string> {
  const conditions: Prisma.Sql[] = [];
  if (filter.startDate) conditions.push(Prisma.sql`s.shift_date >= ${filter.startDate}::date`);
  if (filter.endDate) conditions.push(Prisma.sql`s.shift_date <= ${filter.endDate}::date`);
  if (filter.employeeId !== undefined) conditions.push(Prisma.sql`s.employee_id = ${filter.employeeId}`);
  if (filter.open)
    conditions.push(
      Prisma.sql`s.employee_id IS NULL
        AND EXISTS (SELECT 1 FROM locations a WHERE a.id = s.location_id AND a.archived_at IS NULL)`,
    );
  if (filter.ids)
    conditions.push(filter.ids.length ? Prisma.sql`s.id IN (${Prisma.join(filter.ids)})` : Prisma.sql`false`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  // Times are stored to the minute, so "HH:MM" text sorts like the time.
  const [{ json }] = await db.$queryRaw<{ json: string }[]>`
    SELECT coalesce(json_agg(r ORDER BY r.shift_date, r.start_time, r.id), '[]')::text AS json
    FROM (
      SELECT s.id, s.employee_id, s.location_id, s.shift_date,
             left(s.start_time::text, 5) AS start_time, left(s.end_time::text, 5) AS end_time,
             s.break_minutes, s.is_custom, s.custom_name, ${shiftHoursSql(config.timeZone)} AS hours,
             (SELECT e.first_name || ' ' || e.last_name FROM employees e WHERE e.id = s.employee_id) AS employee_name,
             l.name AS location_name, l.color::text AS location_color
      FROM ${filter.staff ? Prisma.sql`staff_shifts` : Prisma.sql`shifts`} s
      JOIN LATERAL (SELECT name, color FROM locations WHERE id = s.location_id) l ON true
      ${where}
    ) r`;
  return json;
}

/** The same shifts as objects, for the server's own use (dashboard, availability, writes). */
export async function findShifts(db: Reader, filter: ShiftFilter): Promise<ShiftDto[]> {
  return JSON.parse(await shiftsJson(db, filter)) as ShiftDto[];
}

export async function getShift({ id }: IdOptions): Promise<ShiftDto> {
  const [shift] = await findShifts(db, { ids: [id] });
  if (!shift) throw shiftNotFound();
  return shift;
}

export const shiftNotFound = () => new ApiError("not_found", "Schicht nicht gefunden");
