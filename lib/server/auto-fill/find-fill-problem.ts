import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { holidaysForLocations } from "@/lib/server/holidays/find-holidays";
import { readTargets } from "@/lib/server/hours/read-targets";
import { parseRuleFacts, ruleFactsJson } from "@/lib/server/rules/read-rule-facts";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { windowFor } from "@/lib/shared/rules";
import type { AutoFillInput } from "@/lib/shared/schemas/auto-fill";
import type { FillProblem, OpenShift } from "./problem";

const UNKNOWN_LOCATION = "Unbekannter Standort";

type Row = {
  facts: object;
  locations: { id: number; holiday_region: string | null }[];
  open: (Omit<OpenShift, "past" | "employee_id"> & { employee_id: null })[];
  employees: FillProblem["employees"];
  wishes: NonNullable<FillProblem["wishes"]>;
};

/**
 * Everything the automatic filling reads for a range (docs/PRODUCT-RULES.md §28.2), in one statement: the open
 * shifts of the range at active locations (those of `location_ids` only when given) with their applicants, the
 * active employees with their Einsatzorte, the holidays' regions, and the planning rules' facts of the active
 * employees in the rules' window around the range (windowFor: rest time, weeks and runs of days at its edges) from
 * the one reader of those facts (ruleFactsJson, lib/server/rules/read-rule-facts.ts), and the active employees' wishes
 * (§35.8: not a rule's fact, read only here).
 * An unknown or archived location in `location_ids` is a 400.
 */
export async function findFillProblem(input: AutoFillInput): Promise<FillProblem> {
  const window = windowFor(input);
  const only = input.location_ids ?? null;
  const facts = ruleFactsJson({ startDate: window.start_date, endDate: window.end_date, employees: "active" });
  const [{ data }] = await db.$queryRaw<[{ data: string }]>`
    WITH active_employees AS (SELECT id FROM employees WHERE archived_at IS NULL)
    SELECT json_build_object(
      'facts', ${facts},
      'locations', (
        SELECT coalesce(json_agg(json_build_object('id', id, 'holiday_region', holiday_region) ORDER BY id), '[]')
        FROM locations WHERE archived_at IS NULL),
      'open', (
        SELECT coalesce(json_agg(json_build_object(
          'id', s.id, 'employee_id', NULL, 'location_id', s.location_id, 'location_name', l.name,
          'shift_date', s.shift_date, 'start_time', left(s.start_time::text, 5), 'end_time', left(s.end_time::text, 5),
          'break_minutes', s.break_minutes,
          'updated_at', to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'applicant_ids', (
            SELECT coalesce(json_agg(a.employee_id ORDER BY a.employee_id), '[]') FROM shift_applications a
            WHERE a.shift_id = s.id AND a.employee_id IN (SELECT id FROM active_employees)))
          ORDER BY s.shift_date, s.start_time, s.id), '[]')
        FROM shifts s JOIN locations l ON l.id = s.location_id AND l.archived_at IS NULL
        WHERE s.employee_id IS NULL AND s.shift_date BETWEEN ${input.start_date}::date AND ${input.end_date}::date
          AND (${only}::int[] IS NULL OR s.location_id = ANY(${only}::int[]))),
      'employees', (
        SELECT coalesce(json_agg(json_build_object(
          'id', e.id, 'name', e.first_name || ' ' || e.last_name, 'weekly_hours', e.weekly_hours::float8,
          'is_hourly', e.is_hourly,
          'location_ids', (
            SELECT coalesce(json_agg(el.location_id ORDER BY el.location_id), '[]') FROM employee_locations el
            WHERE el.employee_id = e.id))
          ORDER BY e.last_name, e.first_name, e.id), '[]')
        FROM employees e WHERE e.archived_at IS NULL),
      -- Wishes (docs/PRODUCT-RULES.md §35.8): the standing ones and the days off dated in the range.
      'wishes', (
        SELECT coalesce(json_agg(json_build_object(
          'employee_id', w.employee_id, 'kind', w.kind, 'date', to_char(w.date, 'YYYY-MM-DD'))
          ORDER BY w.employee_id, w.id), '[]')
        FROM availability_wishes w
        WHERE w.employee_id IN (SELECT id FROM active_employees)
          AND (w.date IS NULL OR w.date BETWEEN ${input.start_date}::date AND ${input.end_date}::date))
    )::text AS data`;
  const row = JSON.parse(data) as Row;
  const { settings, shifts: existing, vacations, unavailability } = parseRuleFacts(row.facts);

  if (only) {
    const active = new Set(row.locations.map((location) => location.id));
    if (only.some((id) => !active.has(id)))
      throw new ApiError("validation_failed", UNKNOWN_LOCATION, { fields: { location_ids: UNKNOWN_LOCATION } });
  }

  // Each week's target is its capacity: the same target every screen shows (docs/PRODUCT-RULES.md §31.1).
  const targets = await readTargets(db, { startDate: input.start_date, endDate: input.end_date });
  const today = businessToday();
  const holidays = holidaysForLocations({
    startDate: input.start_date,
    endDate: input.end_date,
    companyRegion: await getCompanyHolidayRegion(db),
    locations: row.locations.map((location) => ({ id: location.id, holidayRegion: location.holiday_region })),
  }).flatMap((holiday) => holiday.location_ids.map((location_id) => ({ location_id, date: holiday.date })));

  return {
    settings,
    range: { start_date: input.start_date, end_date: input.end_date },
    open: row.open.map((shift) => ({ ...shift, past: shift.shift_date < today })),
    employees: row.employees.map((employee) => ({ ...employee, week_targets: targets.byWeek(employee) })),
    existing,
    vacations,
    unavailability,
    holidays,
    wishes: row.wishes,
  };
}
