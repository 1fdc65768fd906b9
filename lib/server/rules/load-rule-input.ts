import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { config } from "@/lib/server/config";
import type { Db } from "@/lib/server/db/client";
import type {
  LabourRules,
  RuleEmployee,
  RuleInput,
  RuleShift,
  RuleUnavailability,
  RuleVacation,
} from "@/lib/shared/rules";

type Reader = Pick<Db, "$queryRaw">;

export type RuleInputFilter = {
  /** The window to load (windowFor of the range to check, lib/shared/rules/window.ts). */
  startDate: string;
  endDate: string;
  /** Only this employee's shifts and absences (checking one shift); all assigned shifts when left out. */
  employeeId?: number;
  /** With all assigned shifts: these employees' absences too, even without a shift in the window (auto-fill). */
  alsoEmployeeIds?: number[];
};

type Row = {
  settings: { labour_rules: LabourRules; weekly_max_hours: number; min_rest_hours: number };
  /** [id, employee_id, location_id, location_name, shift_date, start_time, end_time, break_minutes] */
  shifts: [number, number, number, string, string, string, string, number][];
  employees: RuleEmployee[];
  vacations: RuleVacation[];
  unavailability: RuleUnavailability[];
};

/**
 * Everything the planning rules read for a window of days, in one statement (docs/PRODUCT-RULES.md §25:
 * GET /api/schedule/warnings answers with at most two, the other checks the token): the settings, the
 * assigned shifts dated in the window, their employees (archived ones too, marked), those employees' approved
 * vacations touching the window and their unavailability (§26.4) as one entry per day, from the day before the
 * window on (a window over midnight reaches into its first day). Shifts travel as arrays, which keeps the JSON of
 * a busy window small.
 *
 * The window's employees reach employees, vacations and unavailabilities as an array (`= ANY(ARRAY(…))`), not as
 * `IN (SELECT …)`: the planner cannot estimate the DISTINCT of a CTE (it guessed one employee per shift) and
 * joined by hash, reading every employee, every vacation begun before the window's end and every unavailability,
 * so the query grew with the tables (docs/PERFORMANCE.md "P9: the warnings query on 1 M shifts"). An array it
 * looks up in the primary key and the (employee_id, start_date, end_date) indexes, employee by employee.
 * `window_shifts` reads only columns of the week index (INCLUDE, migration 20261127000200_shifts_week_covering), so
 * the window is an index-only scan, not a visit to the table page of each shift (docs/PERFORMANCE.md "P2 and P9:
 * the week on 1 M shifts"); keep it so when adding a column.
 */
export async function loadRuleInput(db: Reader, filter: RuleInputFilter): Promise<RuleInput> {
  const { startDate, endDate, employeeId, alsoEmployeeIds } = filter;
  const ofEmployee = employeeId === undefined ? Prisma.sql`IS NOT NULL` : Prisma.sql`= ${employeeId}`;
  const windowEmployees = Prisma.sql`= ANY(ARRAY(SELECT id FROM window_employees))`;
  const unavailability = unavailabilityDaysJson(windowEmployees, startDate, endDate);
  const [{ input }] = await db.$queryRaw<[{ input: string }]>`
    WITH window_shifts AS (
      SELECT s.id, s.employee_id, s.location_id, s.shift_date, s.start_time, s.end_time, s.break_minutes
      FROM shifts s
      WHERE s.shift_date BETWEEN ${startDate}::date AND ${endDate}::date AND s.employee_id ${ofEmployee}
    ), window_employees AS (
      SELECT DISTINCT employee_id AS id FROM window_shifts
      ${employeeId === undefined ? Prisma.empty : Prisma.sql`UNION SELECT ${employeeId}::int`}
      ${alsoEmployeeIds === undefined ? Prisma.empty : Prisma.sql`UNION SELECT unnest(${alsoEmployeeIds}::int[])`}
    )
    SELECT json_build_object(
      'settings', (
        SELECT json_build_object(
          'labour_rules', labour_rules,
          'weekly_max_hours', weekly_max_hours::float8,
          'min_rest_hours', min_rest_hours::float8)
        FROM company_settings WHERE id = 1),
      'shifts', (
        SELECT coalesce(json_agg(json_build_array(
          s.id, s.employee_id, s.location_id, l.name, s.shift_date,
          left(s.start_time::text, 5), left(s.end_time::text, 5), s.break_minutes)), '[]')
        FROM window_shifts s
        JOIN LATERAL (SELECT name FROM locations WHERE id = s.location_id) l ON true),
      'employees', (
        SELECT coalesce(json_agg(json_build_object(
          'id', e.id,
          'name', e.first_name || ' ' || e.last_name,
          'weekly_hours', e.weekly_hours::float8,
          'is_hourly', e.is_hourly,
          'archived', e.archived_at IS NOT NULL)), '[]')
        FROM employees e WHERE e.id = ANY(ARRAY(SELECT id FROM window_employees))),
      'vacations', (
        SELECT coalesce(json_agg(json_build_object(
          'employee_id', v.employee_id, 'start_date', v.start_date, 'end_date', v.end_date)), '[]')
        FROM vacations v
        WHERE v.employee_id = ANY(ARRAY(SELECT id FROM window_employees)) AND v.status = 'approved'
          AND v.start_date <= ${endDate}::date AND v.end_date >= ${startDate}::date),
      'unavailability', (${unavailability})
    )::text AS input`;
  const row = JSON.parse(input) as Row;
  return {
    settings: {
      labourRules: row.settings.labour_rules,
      weeklyMaxHours: row.settings.weekly_max_hours,
      minRestHours: row.settings.min_rest_hours,
      timeZone: config.timeZone,
    },
    shifts: row.shifts.map(
      ([id, employee_id, location_id, location_name, shift_date, start_time, end_time, break_minutes]): RuleShift => ({
        id,
        employee_id,
        location_id,
        location_name,
        shift_date,
        start_time,
        end_time,
        break_minutes,
      }),
    ),
    employees: row.employees,
    vacations: row.vacations,
    unavailability: row.unavailability,
  };
}

/**
 * The unavailability of the employees `ofEmployees` selects (an SQL condition on `u.employee_id`) as a JSON array of
 * one entry per day, from the day before `startDate` (a window over midnight reaches into the first day) to
 * `endDate` — what RuleInput.unavailability holds. Also read by the automatic filling (find-fill-problem.ts).
 */
export function unavailabilityDaysJson(ofEmployees: Prisma.Sql, startDate: string, endDate: string): Prisma.Sql {
  return Prisma.sql`
        -- DISTINCT: two entries saying the same of one day make one finding, not two.
        SELECT coalesce(json_agg(json_build_object(
          'employee_id', d.employee_id, 'date', d.day,
          'start_time', to_char(d.start_time, 'HH24:MI'), 'end_time', to_char(d.end_time, 'HH24:MI'))
          ORDER BY d.employee_id, d.day, d.start_time NULLS FIRST), '[]')
        FROM (
          SELECT DISTINCT u.employee_id, day::date AS day, u.start_time, u.end_time
          FROM unavailabilities u
          CROSS JOIN LATERAL generate_series(
            greatest(u.start_date, ${startDate}::date - 1), least(u.end_date, ${endDate}::date), interval '1 day'
          ) AS day
          WHERE u.employee_id ${ofEmployees}
            AND u.start_date <= ${endDate}::date AND u.end_date >= ${startDate}::date - 1
        ) d`;
}
