import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashPassword } from "@/lib/server/auth/password";
import { shareEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";

export type SetPinOptions = {
  employeeId: number;
  /** Already validated by newPinSchema (lib/shared/schemas/terminal.ts). */
  pin: string;
  actor: { id: number; username: string };
  ip: string;
};

/**
 * Sets an employee's terminal PIN (docs/PRODUCT-RULES.md §32.4): a bcrypt hash like a password, computed in the
 * password workers before the transaction, so the row lock is held only for the write. An archived or unknown
 * employee is 404. A new PIN does not lift a running lockout. The audit row names the employee, never the PIN.
 */
export async function setPin({
  employeeId,
  pin,
  actor,
  ip,
}: SetPinOptions): Promise<{ has_pin: true; updated_at: string }> {
  const pinHash = await hashPassword(pin);
  return transaction(async (tx) => {
    const held = await shareEmployees(tx, [employeeId], { activeOnly: true });
    if (!held.has(employeeId)) throw new ApiError("not_found");
    const row = await tx.employeePin.upsert({
      where: { employeeId },
      create: { employeeId, pinHash },
      update: { pinHash },
      select: { updatedAt: true },
    });
    await recordAudit(tx, {
      actor,
      ip,
      action: "terminal.pin_set",
      entityType: "employee",
      entityId: employeeId,
      details: { employee_id: employeeId },
    });
    return { has_pin: true as const, updated_at: row.updatedAt.toISOString() };
  });
}

export type RemovePinOptions = Omit<SetPinOptions, "pin">;

/** Removes an employee's PIN (admin): the terminal then stamps nobody in for them until a new one is set. */
export async function removePin({ employeeId, actor, ip }: RemovePinOptions): Promise<void> {
  await transaction(async (tx) => {
    const held = await shareEmployees(tx, [employeeId], { activeOnly: true });
    if (!held.has(employeeId)) throw new ApiError("not_found");
    const removed = await tx.employeePin.deleteMany({ where: { employeeId } });
    if (removed.count === 0) return;
    await recordAudit(tx, {
      actor,
      ip,
      action: "terminal.pin_remove",
      entityType: "employee",
      entityId: employeeId,
      details: { employee_id: employeeId },
    });
  });
}
