import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { businessNow, shiftHasStarted } from "@/lib/server/clock";
import { Prisma } from "@/generated/prisma/client";
import { LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployees, shareShift } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { locationIdsSql } from "@/lib/server/employees/find-employees";
import type { ClearedApplication } from "@/lib/server/changes/write-changes";
import { assertAssignable } from "@/lib/server/rules/find-findings";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { NOT_LINKED } from "@/lib/server/self-service/acting-for";
import { shiftNotFound } from "@/lib/server/shifts/find-shifts";
import type { ShiftApplicationDto } from "@/lib/shared/api-types";
import { worksAtLocation } from "@/lib/shared/employee-locations";
import { blockingFinding, findingsForShift, windowFor } from "@/lib/shared/rules";
import type { ShiftInput } from "@/lib/shared/schemas/shift";
import { openShiftRange } from "./find-applications";
import { recordAwards } from "./write-awards";

export type ApplicationOptions = { shiftId: number; employeeId: number; audit: AuditContext };

export const ALREADY_APPLIED = "Du hast dich bereits für diese Schicht gemeldet";
export const NOT_APPLIED = "Du hast dich für diese Schicht nicht gemeldet";
export const ALREADY_STARTED = "Diese Schicht hat bereits begonnen – du kannst dich nicht mehr dafür melden.";
export const OTHER_LOCATION = "Diese Schicht ist an einem Standort, der nicht zu deinen Einsatzorten gehört.";

type ShiftRow = {
  employee_id: number | null;
  location_id: number;
  location_archived: boolean;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  is_custom: boolean;
  custom_name: string | null;
};

/**
 * "Ich kann" (docs/PRODUCT-RULES.md §26.5): the employee applies for an open shift of the next four weeks. Taking
 * it must be possible: an overlap or a vacation day is refused with the assignment's 409 and message; the
 * answer carries the other findings as warnings.
 *
 * Locks: the employee's row first (as every assignment does, so one person's applications and assignments queue
 * and the same order rules out a deadlock), then the shift's row for share, so an assignment or a deletion of
 * the shift waits for this application and then clears it, or this one sees the shift taken or gone.
 */
export async function applyForShift({ shiftId, employeeId, audit }: ApplicationOptions): Promise<ShiftApplicationDto> {
  return transaction(async (tx) => {
    const locked = await lockEmployees(tx, [employeeId], { activeOnly: true });
    if (locked.size === 0) throw new ApiError("forbidden", NOT_LINKED);
    if (!(await shareShift(tx, shiftId))) throw shiftNotFound();
    // The draft decides, but staff apply for what they see: a shift not yet published is unknown to them, one
    // published as someone's is taken (docs/PRODUCT-RULES.md §33.3).
    const [shift] = await tx.$queryRaw<(ShiftRow & { seen_employee_id: number | null; seen: boolean })[]>`
      SELECT s.employee_id, s.location_id, l.archived_at IS NOT NULL AS location_archived,
             s.shift_date::text AS shift_date, left(s.start_time::text, 5) AS start_time,
             left(s.end_time::text, 5) AS end_time, s.break_minutes, s.is_custom, s.custom_name,
             seen.employee_id AS seen_employee_id, seen.id IS NOT NULL AS seen
      FROM shifts s JOIN locations l ON l.id = s.location_id
      LEFT JOIN staff_shifts seen ON seen.id = s.id
      WHERE s.id = ${shiftId}`;
    if (!shift || !shift.seen) throw shiftNotFound();
    // Who has it is said as staff see it; a draft assignment not yet published is only "vergeben", never whose.
    if (shift.seen_employee_id === null && shift.employee_id !== null)
      throw new ApiError("conflict", "Diese Schicht ist bereits vergeben");
    assertOpenForApplications({ ...shift, employee_id: shift.seen_employee_id }, employeeId);
    // Only where the employee works (Einsatzorte, docs/PRODUCT-RULES.md §26.5, §28.1): read under the employee's lock,
    // so a parallel change of the Einsatzorte (an update of the employee) is decided before or after this.
    const [{ location_ids }] = await tx.$queryRaw<[{ location_ids: number[] }]>`
      SELECT ${locationIdsSql(Prisma.sql`${employeeId}::int`)} AS location_ids`;
    if (!worksAtLocation(location_ids, shift.location_id)) throw new ApiError("conflict", OTHER_LOCATION);
    const existing = await tx.shiftApplication.findUnique({ where: { shiftId_employeeId: { shiftId, employeeId } } });
    if (existing) throw new ApiError("conflict", ALREADY_APPLIED);

    const warnings = await assertAssignable(tx, {
      id: shiftId,
      input: {
        employee_id: employeeId,
        location_id: shift.location_id,
        shift_date: shift.shift_date,
        start_time: shift.start_time,
        end_time: shift.end_time,
        break_minutes: shift.break_minutes,
        is_custom: shift.is_custom,
        custom_name: shift.custom_name,
      },
    });
    const application = await tx.shiftApplication.create({ data: { shiftId, employeeId } });
    await recordAudit(tx, {
      ...audit,
      action: "shift_application.create",
      entityType: "shift",
      entityId: shiftId,
      details: { employee_id: employeeId },
    });
    return {
      shift_id: shiftId,
      employee_id: employeeId,
      created_at: application.createdAt.toISOString(),
      warnings,
    };
  }, LOCKING_TRANSACTION);
}

/** 409 unless the shift is open, at an active location, not yet begun and dated within the four weeks (§26.5). */
function assertOpenForApplications(shift: ShiftRow, employeeId: number): void {
  if (shift.employee_id === employeeId) throw new ApiError("conflict", "Du bist für diese Schicht bereits eingeteilt");
  if (shift.employee_id !== null) throw new ApiError("conflict", "Diese Schicht ist bereits vergeben");
  if (shift.location_archived) throw new ApiError("conflict", "Der Standort dieser Schicht ist archiviert");
  const now = businessNow();
  const range = openShiftRange(now.date);
  if (shift.shift_date < range.start_date) throw new ApiError("conflict", "Diese Schicht liegt in der Vergangenheit");
  // Today's shift that has begun can no longer be taken up (docs/PRODUCT-RULES.md §31.4).
  if (shiftHasStarted(shift, now)) throw new ApiError("conflict", ALREADY_STARTED);
  if (shift.shift_date > range.end_date)
    throw new ApiError("conflict", "Du kannst dich nur für Schichten der nächsten vier Wochen melden");
}

/** Withdraws the employee's application (DELETE /api/shifts/{id}/application); 404 when there is none. */
export async function withdrawApplication({ shiftId, employeeId, audit }: ApplicationOptions): Promise<void> {
  await transaction(async (tx) => {
    const { count } = await tx.shiftApplication.deleteMany({ where: { shiftId, employeeId } });
    if (count !== 1) {
      if (!(await tx.shift.findUnique({ where: { id: shiftId }, select: { id: true } }))) throw shiftNotFound();
      throw new ApiError("not_found", NOT_APPLIED);
    }
    await recordAudit(tx, {
      ...audit,
      action: "shift_application.delete",
      entityType: "shift",
      entityId: shiftId,
      details: { employee_id: employeeId },
    });
  });
}

/**
 * Removes every application for the shift, in the caller's transaction: the shift has been assigned
 * (docs/PRODUCT-RULES.md §26.5). Answers the employees whose applications were removed, for the audit row.
 */
export async function clearApplications(tx: Tx, { shiftId }: { shiftId: number }): Promise<number[]> {
  const rows = await tx.$queryRaw<{ employee_id: number }[]>`
    DELETE FROM shift_applications WHERE shift_id = ${shiftId} RETURNING employee_id`;
  return rows.map((row) => row.employee_id).sort((a, b) => a - b);
}

export type EmployeeRangeOptions = { employeeId: number; startDate: string; endDate: string };

/**
 * Removes the employee's applications for shifts dated in the range, in the caller's transaction: a vacation now
 * covers those days, so the offer can no longer be taken up (docs/PRODUCT-RULES.md §26.5). Answers the shifts.
 */
export async function clearEmployeeApplications(
  tx: Tx,
  { employeeId, startDate, endDate }: EmployeeRangeOptions,
): Promise<number[]> {
  const rows = await tx.$queryRaw<{ shift_id: number }[]>`
    DELETE FROM shift_applications a USING shifts s
    WHERE a.shift_id = s.id AND a.employee_id = ${employeeId}
      AND s.shift_date BETWEEN ${startDate}::date AND ${endDate}::date
    RETURNING a.shift_id`;
  return rows.map((row) => row.shift_id).sort((a, b) => a - b);
}

/**
 * Removes every application for the shifts, in the caller's transaction (they have been assigned, §26.5), and
 * answers them by shift with their time of applying, for the plan change that undo reads (§27.7). The one who got a
 * shift they had applied for is told "Schicht erhalten" (§33.4).
 */
export async function clearShiftsApplications(tx: Tx, shiftIds: number[]): Promise<Map<number, ClearedApplication[]>> {
  const cleared = new Map<number, ClearedApplication[]>();
  if (shiftIds.length === 0) return cleared;
  const rows = await tx.$queryRaw<(ClearedApplication & { shift_id: number })[]>`
    DELETE FROM shift_applications WHERE shift_id = ANY(${shiftIds}::int[])
    RETURNING shift_id, employee_id,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
  for (const { shift_id, ...application } of rows.sort((a, b) => a.employee_id - b.employee_id)) {
    cleared.set(shift_id, [...(cleared.get(shift_id) ?? []), application]);
  }
  await recordAwards(tx, rows);
  return cleared;
}

export type RestoredShiftApplications = { shiftId: number; shift: ShiftInput; applications: ClearedApplication[] };

/**
 * Puts back applications a plan change removed, when that change is undone and the shift is open again
 * (docs/PRODUCT-RULES.md §27.7), with their first time of applying. One is left out when its employee could no longer
 * apply: the shift dated before today (as applyForShift refuses it: "in der Vergangenheit"), the employee archived,
 * the shift's location no longer among their Einsatzorte (§28.1), or taking the shift refused by the rules (an
 * overlap or a vacation day, §25). The employees are locked by the caller. Answers how many came back: the rows
 * inserted, not counting one that exists already.
 */
export async function restoreApplications(tx: Tx, allEntries: RestoredShiftApplications[]): Promise<number> {
  const today = openShiftRange().start_date;
  const entries = allEntries.filter((entry) => entry.shift.shift_date >= today);
  const employeeIds = [...new Set(entries.flatMap((entry) => entry.applications.map((a) => a.employee_id)))];
  if (employeeIds.length === 0) return 0;
  const employees = await tx.$queryRaw<{ id: number; archived: boolean; location_ids: number[] }[]>`
    SELECT e.id, e.archived_at IS NOT NULL AS archived, ${locationIdsSql(Prisma.sql`e.id`)} AS location_ids
    FROM employees e WHERE e.id = ANY(${employeeIds}::int[])`;
  const eligible = new Map(employees.filter((e) => !e.archived).map((e) => [e.id, e.location_ids]));
  const dates = entries.map((entry) => entry.shift.shift_date).sort();
  const window = windowFor({ start_date: dates[0], end_date: dates[dates.length - 1] });
  const facts = await readRuleFacts(tx, {
    startDate: window.start_date,
    endDate: window.end_date,
    employees: { ids: [...eligible.keys()] },
  });
  const restored = entries.flatMap(({ shiftId, shift, applications }) =>
    applications
      .filter(({ employee_id }) => {
        const locationIds = eligible.get(employee_id);
        if (!locationIds || !worksAtLocation(locationIds, shift.location_id)) return false;
        const candidate = { ...shift, id: shiftId, employee_id, location_name: "" };
        return !blockingFinding(findingsForShift(facts, candidate));
      })
      .map((application) => ({ shift_id: shiftId, ...application })),
  );
  if (restored.length === 0) return 0;
  const inserted = await tx.$queryRaw<{ shift_id: number }[]>`
    INSERT INTO shift_applications (shift_id, employee_id, created_at)
    SELECT item.shift_id, item.employee_id, item.created_at
    FROM jsonb_to_recordset(${JSON.stringify(restored)}::jsonb)
      AS item(shift_id int, employee_id int, created_at timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING shift_id`;
  return inserted.length;
}
