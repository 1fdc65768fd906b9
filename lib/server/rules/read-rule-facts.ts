import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { config } from "@/lib/server/config";
import type { db } from "@/lib/server/db/client";
import type {
  LabourRules,
  RuleEmployee,
  RuleInput,
  RuleShift,
  RuleUnavailability,
  RuleVacation,
} from "@/lib/shared/rules";

type Reader = Pick<typeof db, "$queryRaw">;

/**
 * Whose facts to read:
 * - `"assigned"`: every employee with a shift in the window (the warnings of a range); `alsoEmployeeIds` adds people
 *   without one, so their absences are read too (applying an auto-fill proposal);
 * - `{ ids }`: exactly these employees (checking one shift, copying a week);
 * - `"active"`: every employee who is not archived (the automatic filling's problem).
 */
export type RuleFactsEmployees = "assigned" | "active" | { ids: number[] };

export type RuleFactsScope = {
  /** The window to read, both days included (windowFor of the range to check, lib/shared/rules/window.ts). */
  startDate: string;
  endDate: string;
  employees: RuleFactsEmployees;
  /** Only with `"assigned"`: these employees' absences too, even without a shift in the window. */
  alsoEmployeeIds?: number[];
  /**
   * The plan as staff see it (the view `staff_shifts`: as last published while publishing is on), for the findings
   * shown to them (docs/PRODUCT-RULES.md §33.3); else the draft, which planners see and every write is checked on.
   */
  staff?: boolean;
};

/** What the planning rules read (RuleInput); the one shape every reader of them gets. */
export type RuleFacts = RuleInput;

type Row = {
  settings: { labour_rules: LabourRules; weekly_max_hours: number; min_rest_hours: number };
  /** [id, employee_id, location_id, location_name, shift_date, start_time, end_time, break_minutes] */
  shifts: [number, number, number, string, string, string, string, number][];
  employees: RuleEmployee[];
  vacations: RuleVacation[];
  absences: RuleVacation[];
  unavailability: RuleUnavailability[];
};

/**
 * The CTEs `window_shifts` (the scope's assigned shifts dated in the window) and `window_employees` (the scope's
 * employees' ids), in the order the scope needs: "active" starts from the employees, the others from the shifts.
 * `window_shifts` reads only columns of the week index (INCLUDE, migration 20261127000200_shifts_week_covering), so
 * the window is an index-only scan, not a visit to the table page of each shift (docs/PERFORMANCE.md "P2 and P9: the
 * week on 1 M shifts"); keep it so when adding a column.
 */
function windowCtes({ startDate, endDate, employees, alsoEmployeeIds, staff }: RuleFactsScope): Prisma.Sql {
  const plan = staff ? Prisma.sql`staff_shifts` : Prisma.sql`shifts`;
  const shiftsOf = (condition: Prisma.Sql) => Prisma.sql`window_shifts AS (
      SELECT s.id, s.employee_id, s.location_id, s.shift_date, s.start_time, s.end_time, s.break_minutes
      FROM ${plan} s
      WHERE s.shift_date BETWEEN ${startDate}::date AND ${endDate}::date AND s.employee_id ${condition}
    )`;
  if (employees === "active") {
    return Prisma.sql`window_employees AS (SELECT id FROM employees WHERE archived_at IS NULL),
    ${shiftsOf(Prisma.sql`IN (SELECT id FROM window_employees)`)}`;
  }
  if (employees === "assigned") {
    const also =
      alsoEmployeeIds === undefined ? Prisma.empty : Prisma.sql`UNION SELECT unnest(${alsoEmployeeIds}::int[])`;
    return Prisma.sql`${shiftsOf(Prisma.sql`IS NOT NULL`)},
    window_employees AS (SELECT DISTINCT employee_id AS id FROM window_shifts ${also})`;
  }
  // One employee (a shift being checked, P10) as a plain `=`, which the planner estimates exactly.
  if (employees.ids.length === 1) {
    const [only] = employees.ids;
    return Prisma.sql`${shiftsOf(Prisma.sql`= ${only}`)},
    window_employees AS (SELECT ${only}::int AS id)`;
  }
  return Prisma.sql`${shiftsOf(Prisma.sql`= ANY(${employees.ids}::int[])`)},
    window_employees AS (SELECT unnest(${employees.ids}::int[]) AS id)`;
}

/**
 * The facts as one SQL query answering a JSON value: `(ruleFactsJson(scope))` may stand inside a larger statement
 * (the automatic filling reads its open shifts in the same one), `parseRuleFacts` turns its text into RuleFacts.
 *
 * The settings, the scope's assigned shifts dated in the window (as arrays, which keeps the JSON of a busy window
 * small), its employees (archived ones too, marked), their approved vacations touching the window and their
 * unavailability as one entry per day, from the day before the window on (a window over midnight reaches into its
 * first day; docs/PRODUCT-RULES.md §26.4), a weekly entry only on its weekday's days (§35.8).
 *
 * The window's employees reach employees, vacations and unavailabilities as an array (`= ANY(ARRAY(…))`), not as
 * `IN (SELECT …)`: the planner cannot estimate the DISTINCT of a CTE (it guessed one employee per shift) and joined
 * by hash, reading every employee, every vacation begun before the window's end and every unavailability, so the
 * query grew with the tables (docs/PERFORMANCE.md "P9: the warnings query on 1 M shifts"). An array it looks up in
 * the primary key and the (employee_id, start_date, end_date) indexes, employee by employee.
 */
export function ruleFactsJson(scope: RuleFactsScope): Prisma.Sql {
  return Prisma.sql`(${factsQuery(scope, Prisma.empty)})`;
}

/** The query of ruleFactsJson; `cast` follows its one column (a top-level statement answers text, see below). */
function factsQuery(scope: RuleFactsScope, cast: Prisma.Sql): Prisma.Sql {
  const { startDate, endDate } = scope;
  const ofEmployees = Prisma.sql`= ANY(ARRAY(SELECT id FROM window_employees))`;
  return Prisma.sql`
    WITH ${windowCtes(scope)}
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
        FROM employees e WHERE e.id ${ofEmployees}),
      'vacations', (
        SELECT coalesce(json_agg(json_build_object(
          'employee_id', v.employee_id, 'start_date', v.start_date, 'end_date', v.end_date)), '[]')
        FROM vacations v
        WHERE v.employee_id ${ofEmployees} AND v.status = 'approved'
          AND v.start_date <= ${endDate}::date AND v.end_date >= ${startDate}::date),
      -- Whole-day absences keep the employee off the plan like a vacation (docs/PRODUCT-RULES.md §32.2).
      'absences', (
        SELECT coalesce(json_agg(json_build_object(
          'employee_id', a.employee_id, 'start_date', a.start_date, 'end_date', a.end_date, 'absent', true)), '[]')
        FROM absences a
        WHERE a.employee_id ${ofEmployees} AND a.hours IS NULL
          AND a.start_date <= ${endDate}::date AND a.end_date >= ${startDate}::date),
      'unavailability', (
        -- DISTINCT: two entries saying the same of one day make one finding, not two.
        SELECT coalesce(json_agg(json_build_object(
          'employee_id', d.employee_id, 'date', d.day,
          'start_time', to_char(d.start_time, 'HH24:MI'), 'end_time', to_char(d.end_time, 'HH24:MI'))
          ORDER BY d.employee_id, d.day, d.start_time NULLS FIRST), '[]')
        FROM (
          -- A weekly entry only on its weekday; an open end ends with the window (docs/PRODUCT-RULES.md §35.8).
          SELECT DISTINCT u.employee_id, day::date AS day, u.start_time, u.end_time
          FROM unavailabilities u
          CROSS JOIN LATERAL generate_series(
            greatest(u.start_date, ${startDate}::date - 1),
            least(coalesce(u.end_date, ${endDate}::date), ${endDate}::date), interval '1 day'
          ) AS day
          WHERE u.employee_id ${ofEmployees}
            AND u.start_date <= ${endDate}::date AND coalesce(u.end_date, 'infinity') >= ${startDate}::date - 1
            AND (u.weekday IS NULL OR extract(isodow FROM day) = u.weekday)
        ) d)
    )${cast}`;
}

/** The facts of `ruleFactsJson`'s JSON text (or its already parsed value) in the shape the rules read. */
export function parseRuleFacts(json: string | object): RuleFacts {
  const row = (typeof json === "string" ? JSON.parse(json) : json) as Row;
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
    vacations: [...row.vacations, ...row.absences],
    unavailability: row.unavailability,
  };
}

/**
 * Everything the planning rules read for a window of days, in one statement: the one reader of these facts for the
 * warnings, the shift checks and refusals, copying a week, applying and proposing an automatic filling
 * (docs/ARCHITECTURE.md §12: "what the planning rules read"). Pass the transaction client where the facts must be
 * read under the caller's locks.
 */
export async function readRuleFacts(reader: Reader, scope: RuleFactsScope): Promise<RuleFacts> {
  // The statement itself, not wrapped as a subquery: the planner plans its CTEs as it did when P9/P10 were measured.
  const [{ facts }] = await reader.$queryRaw<[{ facts: string }]>`${factsQuery(scope, Prisma.sql`::text AS facts`)}`;
  return parseRuleFacts(facts);
}
