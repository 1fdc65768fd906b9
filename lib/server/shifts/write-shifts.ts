import "server-only";
import { assertRealTimes } from "./real-times";
import { clearApplications } from "@/lib/server/applications/write-applications";
import { recordAwards } from "@/lib/server/applications/write-awards";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { lockShiftRecords, recordPlanChange, type ShiftRecord } from "@/lib/server/changes/write-changes";
import { LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { assertActiveEmployee } from "@/lib/server/employees/find-employees";
import { assertActiveLocations } from "@/lib/server/locations/find-locations";
import { assertAssignable } from "@/lib/server/rules/find-findings";
import type { SavedShift } from "@/lib/shared/api-types";
import type { Finding } from "@/lib/shared/rules";
import type { ShiftInput } from "@/lib/shared/schemas/shift";
import { getShift, shiftNotFound } from "./find-shifts";
import { shiftColumns } from "./shift-columns";

/**
 * A shift as the audit log keeps it (docs/PRODUCT-RULES.md §27.5): its fields with the names they had at the time,
 * so the history still reads right after a rename or an archiving.
 */
function auditSnapshot(record: ShiftRecord | undefined) {
  if (!record) return undefined;
  const { state } = record;
  return {
    employee_id: state.employee_id,
    employee_name: record.employeeName,
    location_id: state.location_id,
    location_name: record.locationName,
    shift_date: state.shift_date,
    start_time: state.start_time,
    end_time: state.end_time,
    break_minutes: state.break_minutes,
    custom_name: state.custom_name,
  };
}

async function assertReferences(tx: Tx, input: ShiftInput) {
  if (input.employee_id !== null) await assertActiveEmployee(tx, { id: input.employee_id });
  await assertActiveLocations(tx, { ids: [input.location_id] });
}

/** Overlap and vacation refuse the write; the answer carries the warnings (docs/PRODUCT-RULES.md §25). */
export async function createShift({ input, audit }: CreateOptions<ShiftInput>): Promise<SavedShift> {
  assertRealTimes(input);
  const { id, findings, changeId } = await transaction(async (tx) => {
    await assertReferences(tx, input);
    const findings = await assertAssignable(tx, { id: 0, input });
    const shift = await tx.shift.create({ data: shiftColumns(input), select: { id: true } });
    const change = await recordPlanChange(tx, { kind: "shift.create", audit, before: new Map(), shiftIds: [shift.id] });
    const details = { change_id: change.changeId, after: auditSnapshot(change.after.get(shift.id)) };
    await recordAudit(tx, { ...audit, action: "shift.create", entityType: "shift", entityId: shift.id, details });
    return { id: shift.id, findings, changeId: change.changeId };
  }, LOCKING_TRANSACTION);
  // The findings were computed before the shift had an id.
  const warnings = findings.map((finding): Finding => ({ ...finding, shift_id: id }));
  return { ...(await getShift({ id })), warnings, change_id: changeId };
}

/**
 * PUT replaces the whole shift (the dialog always sends every field). A shift that gets an employee is no longer
 * open: its applications go in the same transaction (docs/PRODUCT-RULES.md §26.5), named in the audit row.
 */
export async function updateShift({ id, input, audit }: UpdateOptions<ShiftInput>): Promise<SavedShift> {
  assertRealTimes(input);
  const { warnings, changeId } = await transaction(async (tx) => {
    // The employee it gets first, then the shift: the order of every plan write, vacation and application.
    await lockEmployees(tx, [input.employee_id]);
    const before = await lockShiftRecords(tx, [id]);
    if (!before.has(id)) throw shiftNotFound();
    await assertReferences(tx, input);
    const findings = await assertAssignable(tx, { id, input });
    await tx.shift.update({ where: { id }, data: shiftColumns(input) });
    const cleared = input.employee_id === null ? [] : await clearApplications(tx, { shiftId: id });
    const clearedApplications = cleared.map((employeeId) => ({ shift_id: id, employee_id: employeeId }));
    await recordAwards(tx, clearedApplications);
    const change = await recordPlanChange(tx, { kind: "shift.update", audit, before, shiftIds: [id] });
    const details = {
      change_id: change.changeId,
      before: auditSnapshot(before.get(id)),
      after: auditSnapshot(change.after.get(id)),
      ...(cleared.length > 0 && { applications_cleared: cleared }),
    };
    await recordAudit(tx, { ...audit, action: "shift.update", entityType: "shift", entityId: id, details });
    return { warnings: findings, changeId: change.changeId };
  }, LOCKING_TRANSACTION);
  return { ...(await getShift({ id })), warnings, change_id: changeId };
}

/** Its applications go by cascade (docs/PRODUCT-RULES.md §26.5); the audit row names whose they were. */
export async function deleteShift({ id, audit }: RemoveOptions): Promise<DeletedShift> {
  return transaction(async (tx) => {
    // Locked first: an application arriving meanwhile (it holds the shift for share) waits and then finds it gone,
    // so the applications removed here are all the ones the audit row names.
    const before = await lockShiftRecords(tx, [id]);
    if (!before.has(id)) throw shiftNotFound();
    const cleared = await clearApplications(tx, { shiftId: id });
    await tx.shift.delete({ where: { id } });
    const { changeId } = await recordPlanChange(tx, { kind: "shift.delete", audit, before, shiftIds: [id] });
    const details = {
      change_id: changeId,
      before: auditSnapshot(before.get(id)),
      ...(cleared.length > 0 && { applications_cleared: cleared }),
    };
    await recordAudit(tx, { ...audit, action: "shift.delete", entityType: "shift", entityId: id, details });
    return { changeId };
  }, LOCKING_TRANSACTION);
}

export type DeletedShift = { changeId: string };

type UnassignOptions = { employeeId: number; startDate: string; endDate: string };

/**
 * Makes the employee's shifts dated in the range open (docs/PRODUCT-RULES.md §25: recording a vacation
 * leaves nothing planned on its days); answers their ids. Runs in the caller's transaction, which has locked them
 * first (lockEmployeeShifts, lib/server/db/locks.ts).
 */
export async function unassignShifts(tx: Tx, { employeeId, startDate, endDate }: UnassignOptions): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    UPDATE shifts SET employee_id = NULL, updated_at = now()
    WHERE employee_id = ${employeeId} AND shift_date BETWEEN ${startDate}::date AND ${endDate}::date
    RETURNING id`;
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
