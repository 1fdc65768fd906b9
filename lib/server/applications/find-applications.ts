import "server-only";
import { spokenTo } from "@/lib/server/privacy/viewer";
import { businessNow, businessToday, shiftHasStarted } from "@/lib/server/clock";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db/client";
import { locationIdsSql } from "@/lib/server/employees/find-employees";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import type { OpenShiftDto, WeekApplicationDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { worksAtLocation } from "@/lib/shared/employee-locations";
import { findingsForShift, windowFor } from "@/lib/shared/rules";
import { OPEN_SHIFT_DAYS } from "@/lib/shared/schemas/shift-application";

export type { OpenShiftDto, WeekApplicationDto };

/** The days open shifts are offered on (docs/PRODUCT-RULES.md §26.5): today and the next 27 days. */
export function openShiftRange(today: string = businessToday()): { start_date: string; end_date: string } {
  return { start_date: today, end_date: addDays(today, OPEN_SHIFT_DAYS - 1) };
}

export type OpenShiftsOptions = { employeeId: number };

/**
 * The open shifts an employee may apply for (GET /api/me/open-shifts, the "Meine Schichten" screen;
 * docs/PRODUCT-RULES.md §26.5): unassigned shifts of active locations from today to today + 27 days, sorted by
 * date and start, not yet begun (§31.4), at locations among the employee's Einsatzorte (§28.1), each with
 * `applied` and the findings the planning rules would have if this employee took it.
 * The rules read the employee's shifts and vacations once for the whole range; each open shift is then checked
 * as a new shift of theirs (findingsForShift, the same function the assignment's refusal uses).
 */
export async function findOpenShifts({ employeeId }: OpenShiftsOptions): Promise<OpenShiftDto[]> {
  const now = businessNow();
  const range = openShiftRange(now.date);
  const window = windowFor(range);
  const [shifts, ruleInput, applications, [{ location_ids }]] = await Promise.all([
    findShifts(db, { startDate: range.start_date, endDate: range.end_date, open: true, staff: true }),
    // What taking it would mean in the plan as the employee sees it (docs/PRODUCT-RULES.md §33.3).
    readRuleFacts(db, {
      startDate: window.start_date,
      endDate: window.end_date,
      employees: { ids: [employeeId] },
      staff: true,
    }),
    db.shiftApplication.findMany({ where: { employeeId }, select: { shiftId: true } }),
    db.$queryRaw<
      [{ location_ids: number[] }]
    >`SELECT ${locationIdsSql(Prisma.sql`${employeeId}::int`)} AS location_ids`,
  ]);
  const applied = new Set(applications.map((application) => application.shiftId));
  // The check of a shift one may take is about oneself, so it speaks to the reader (docs/PRODUCT-RULES.md §31.2).
  const name = ruleInput.employees.find((employee) => employee.id === employeeId)?.name ?? "";
  // Shifts at a location outside the employee's Einsatzorte are not offered: applying for them is refused (§26.5).
  // Nor are today's shifts that have begun: applying for them is refused (§31.4).
  return shifts
    .filter((shift) => worksAtLocation(location_ids, shift.location_id) && !shiftHasStarted(shift, now))
    .map((shift) => ({
      ...shift,
      applied: applied.has(shift.id),
      findings: spokenTo(
        name,
        findingsForShift(ruleInput, {
          id: shift.id,
          employee_id: employeeId,
          location_id: shift.location_id,
          location_name: shift.location_name,
          shift_date: shift.shift_date,
          start_time: shift.start_time,
          end_time: shift.end_time,
          break_minutes: shift.break_minutes,
        }),
      ),
    }));
}

type Range = { start_date: string; end_date: string };

type ApplicationRow = { shift_id: number; employee_id: number; employee_name: string; created_at: Date };

/**
 * Who applied for the open shifts dated in the range (the planner's week, docs/PRODUCT-RULES.md §26.5), oldest
 * first per shift. Archived employees are left out: they can no longer be assigned.
 */
export async function findWeekApplications(range: Range): Promise<WeekApplicationDto[]> {
  const rows = await db.$queryRaw<ApplicationRow[]>`
    SELECT a.shift_id, a.employee_id, e.first_name || ' ' || e.last_name AS employee_name, a.created_at
    FROM shift_applications a
    JOIN shifts s ON s.id = a.shift_id
    JOIN employees e ON e.id = a.employee_id
    WHERE s.shift_date BETWEEN ${range.start_date}::date AND ${range.end_date}::date
      AND s.employee_id IS NULL AND e.archived_at IS NULL
    ORDER BY a.shift_id, a.created_at, a.employee_id`;
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
