import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db, type Tx } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { assertActiveEmployee, assertActiveLocations } from "@/lib/server/schedule/references";
import type { ShiftInput } from "@/lib/shared/schemas/shift";
import { getShift, type ShiftDto } from "./find-shifts";

const notFound = () => new ApiError("not_found", "Schicht nicht gefunden");

function columns(input: ShiftInput) {
  return {
    employeeId: input.employee_id,
    locationId: input.location_id,
    shiftDate: toDateColumn(input.shift_date),
    startTime: toTimeColumn(input.start_time),
    endTime: toTimeColumn(input.end_time),
    breakMinutes: 0,
    isCustom: input.is_custom,
    customName: input.custom_name,
  };
}

async function assertReferences(tx: Tx, input: ShiftInput) {
  if (input.employee_id !== null) await assertActiveEmployee(tx, input.employee_id);
  await assertActiveLocations(tx, [input.location_id]);
}

export async function createShift({
  input,
  actor,
  ip,
}: {
  input: ShiftInput;
  actor: AuthUser;
  ip: string;
}): Promise<ShiftDto> {
  const id = await db.$transaction(async (tx) => {
    await assertReferences(tx, input);
    const shift = await tx.shift.create({ data: columns(input), select: { id: true } });
    await recordAudit({ actor, action: "shift.create", entityType: "shift", entityId: shift.id, ip }, tx);
    return shift.id;
  });
  return getShift(id);
}

/** PUT replaces the whole shift (the dialog always sends every field). */
export async function updateShift({
  id,
  input,
  actor,
  ip,
}: {
  id: number;
  input: ShiftInput;
  actor: AuthUser;
  ip: string;
}): Promise<ShiftDto> {
  await db.$transaction(async (tx) => {
    if (!(await tx.shift.findUnique({ where: { id }, select: { id: true } }))) throw notFound();
    await assertReferences(tx, input);
    await tx.shift.update({ where: { id }, data: columns(input) });
    await recordAudit({ actor, action: "shift.update", entityType: "shift", entityId: id, ip }, tx);
  });
  return getShift(id);
}

export async function deleteShift({ id, actor, ip }: { id: number; actor: AuthUser; ip: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.shift.deleteMany({ where: { id } });
    if (count !== 1) throw notFound();
    await recordAudit({ actor, action: "shift.delete", entityType: "shift", entityId: id, ip }, tx);
  });
}
