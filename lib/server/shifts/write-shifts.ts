import "server-only";
import { clearApplications } from "@/lib/server/applications/write-applications";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { assertActiveEmployee } from "@/lib/server/employees/find-employees";
import { assertActiveLocations } from "@/lib/server/locations/find-locations";
import { assertAssignable } from "@/lib/server/rules/find-findings";
import type { SavedShift } from "@/lib/shared/api-types";
import type { Finding } from "@/lib/shared/rules";
import type { ShiftInput } from "@/lib/shared/schemas/shift";
import { getShift, shiftNotFound } from "./find-shifts";

function columns(input: ShiftInput) {
  return {
    employeeId: input.employee_id,
    locationId: input.location_id,
    shiftDate: toDateColumn(input.shift_date),
    startTime: toTimeColumn(input.start_time),
    endTime: toTimeColumn(input.end_time),
    breakMinutes: input.break_minutes,
    isCustom: input.is_custom,
    customName: input.custom_name,
  };
}

async function assertReferences(tx: Tx, input: ShiftInput) {
  if (input.employee_id !== null) await assertActiveEmployee({ id: input.employee_id }, tx);
  await assertActiveLocations({ ids: [input.location_id] }, tx);
}

/** Overlap and vacation refuse the write; the answer carries the warnings (docs/PRODUCT-RULES.md §25). */
export async function createShift({ input, audit }: CreateOptions<ShiftInput>): Promise<SavedShift> {
  const { id, findings } = await db.$transaction(async (tx) => {
    await assertReferences(tx, input);
    const findings = await assertAssignable(tx, { id: 0, input });
    const shift = await tx.shift.create({ data: columns(input), select: { id: true } });
    await recordAudit({ ...audit, action: "shift.create", entityType: "shift", entityId: shift.id }, tx);
    return { id: shift.id, findings };
  }, LOCKING_TRANSACTION);
  // The findings were computed before the shift had an id.
  const warnings = findings.map((finding): Finding => ({ ...finding, shift_id: id }));
  return { ...(await getShift({ id })), warnings };
}

/**
 * PUT replaces the whole shift (the dialog always sends every field). A shift that gets an employee is no longer
 * open: its applications go in the same transaction (docs/PRODUCT-RULES.md §26.5), named in the audit row.
 */
export async function updateShift({ id, input, audit }: UpdateOptions<ShiftInput>): Promise<SavedShift> {
  const warnings = await db.$transaction(async (tx) => {
    if (!(await tx.shift.findUnique({ where: { id }, select: { id: true } }))) throw shiftNotFound();
    await assertReferences(tx, input);
    const findings = await assertAssignable(tx, { id, input });
    await tx.shift.update({ where: { id }, data: columns(input) });
    const cleared = input.employee_id === null ? [] : await clearApplications({ shiftId: id }, tx);
    await recordAudit(
      {
        ...audit,
        action: "shift.update",
        entityType: "shift",
        entityId: id,
        ...(cleared.length > 0 && { details: { applications_cleared: cleared } }),
      },
      tx,
    );
    return findings;
  }, LOCKING_TRANSACTION);
  return { ...(await getShift({ id })), warnings };
}

/** Its applications go by cascade (docs/PRODUCT-RULES.md §26.5); the audit row names whose they were. */
export async function deleteShift({ id, audit }: RemoveOptions): Promise<void> {
  await db.$transaction(async (tx) => {
    // Locked first: an application arriving meanwhile (it holds the shift for share) waits and then finds it gone,
    // so the applications removed here are all the ones the audit row names.
    const locked = await tx.$executeRaw`SELECT 1 FROM shifts WHERE id = ${id} FOR UPDATE`;
    if (locked === 0) throw shiftNotFound();
    const cleared = await clearApplications({ shiftId: id }, tx);
    await tx.shift.delete({ where: { id } });
    await recordAudit(
      {
        ...audit,
        action: "shift.delete",
        entityType: "shift",
        entityId: id,
        ...(cleared.length > 0 && { details: { applications_cleared: cleared } }),
      },
      tx,
    );
  });
}

type UnassignOptions = { employeeId: number; startDate: string; endDate: string };

/**
 * Locks the employee's shifts dated in the range (FOR UPDATE, in id order) in the caller's transaction. A write that
 * will open them later in the transaction (a vacation) takes these locks before it writes anything else: a shift
 * edit locks the shift's row and then the data version its trigger moves, so taking the shifts first keeps the
 * same order and the two queue instead of deadlocking.
 */
export async function lockEmployeeShifts({ employeeId, startDate, endDate }: UnassignOptions, tx: Tx): Promise<void> {
  await tx.$executeRaw`
    SELECT 1 FROM shifts
    WHERE employee_id = ${employeeId} AND shift_date BETWEEN ${startDate}::date AND ${endDate}::date
    ORDER BY id FOR UPDATE`;
}

/**
 * Makes the employee's shifts dated in the range open (docs/PRODUCT-RULES.md §25: recording a vacation
 * leaves nothing planned on its days); answers their ids. Runs in the caller's transaction.
 */
export async function unassignShifts({ employeeId, startDate, endDate }: UnassignOptions, tx: Tx): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    UPDATE shifts SET employee_id = NULL, updated_at = now()
    WHERE employee_id = ${employeeId} AND shift_date BETWEEN ${startDate}::date AND ${endDate}::date
    RETURNING id`;
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
