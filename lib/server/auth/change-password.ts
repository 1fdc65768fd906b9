import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { hashPassword, verifyPassword } from "./password";
import { withRecheckLimit, WrongAnswer } from "./recheck-throttle";
import { revokeUserSessions } from "./sessions";

const SAME_PASSWORD = "Das neue Passwort muss sich vom bisherigen unterscheiden";

/**
 * Own password change: needs the current password; every other session of
 * the user ends (this one, named by the access token's `sid`, goes on).
 */
export type ChangePasswordOptions = { currentPassword: string; newPassword: string; audit: AuditContext };

/** `audit.actor` is the user whose password changes. */
export async function changePassword({ currentPassword, newPassword, audit }: ChangePasswordOptions): Promise<void> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  // A stolen session must not guess the password here without limit (docs/PRODUCT-RULES.md §30.2).
  await withRecheckLimit({ check: "change_password", audit }, async () => {
    if (await verifyPassword(currentPassword, row.passwordHash)) return;
    throw new WrongAnswer(
      "wrong_password",
      new ApiError("validation_failed", "Aktuelles Passwort ist falsch", {
        fields: { currentPassword: "Aktuelles Passwort ist falsch" },
      }),
    );
  });
  // A password given by the admin is replaced by one only the user knows (docs/PRODUCT-RULES.md §31.5).
  if (user.mustChangePassword && newPassword === currentPassword) {
    throw new ApiError("validation_failed", SAME_PASSWORD, { fields: { newPassword: SAME_PASSWORD } });
  }
  const passwordHash = await hashPassword(newPassword);
  await transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, mustChangePassword: false } });
    await revokeUserSessions(tx, { userId: user.id, except: user.sessionId });
    await recordAudit(tx, { ...audit, action: "auth.password_changed", entityType: "user", entityId: user.id });
  });
}
