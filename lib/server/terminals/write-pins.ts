import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashPassword } from "@/lib/server/auth/password";
import { db } from "@/lib/server/db/client";
import { shareEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";

/**
 * bcrypt cost of a PIN (docs/PRODUCT-RULES.md §32.4): lower than a password's. A 4–6 digit PIN has at most a million
 * values, so no cost protects a stolen hash; what protects a PIN is the lockout at the terminal. Cost 10 keeps the
 * check at the terminal to about a quarter of a password's (docs/PERFORMANCE.md P18).
 */
export const PIN_BCRYPT_COST = 10;

/** The cost a bcrypt hash was made with ("$2b$12$…" → 12). */
export const bcryptCostOf = (hash: string) => Number(hash.split("$")[2]);

/**
 * A PIN hashed at a higher cost (before PIN_BCRYPT_COST, at the passwords' cost) is hashed again at the PIN cost
 * once it was entered right; only if the stored hash is still the one just checked, so a PIN set meanwhile stays.
 */
export async function rehashSlowPin(employeeId: number, pin: string, checkedHash: string): Promise<void> {
  if (bcryptCostOf(checkedHash) <= PIN_BCRYPT_COST) return;
  const pinHash = await hashPassword(pin, PIN_BCRYPT_COST);
  await db.employeePin.updateMany({ where: { employeeId, pinHash: checkedHash }, data: { pinHash } });
}

export type SetPinOptions = {
  employeeId: number;
  /** Already validated by newPinSchema (lib/shared/schemas/terminal.ts). */
  pin: string;
  actor: { id: number; username: string };
  ip: string;
};

/**
 * Sets an employee's terminal PIN (docs/PRODUCT-RULES.md §32.4): a bcrypt hash at PIN_BCRYPT_COST, computed in the
 * password workers before the transaction, so the row lock is held only for the write. An archived or unknown
 * employee is 404. A new PIN does not lift a running lockout. The audit row names the employee, never the PIN.
 */
export async function setPin({
  employeeId,
  pin,
  actor,
  ip,
}: SetPinOptions): Promise<{ has_pin: true; updated_at: string }> {
  const pinHash = await hashPassword(pin, PIN_BCRYPT_COST);
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
