import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { hashPassword, verifyPassword } from "./password";
import { revokeUserSessions } from "./sessions";

/**
 * Own password change: needs the current password; every other session of
 * the user ends (this one, named by the access token's `sid`, goes on).
 */
export type ChangePasswordOptions = { currentPassword: string; newPassword: string; audit: AuditContext };

/** `audit.actor` is the user whose password changes. */
export async function changePassword({ currentPassword, newPassword, audit }: ChangePasswordOptions): Promise<void> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new ApiError("validation_failed", "Aktuelles Passwort ist falsch", {
      fields: { currentPassword: "Aktuelles Passwort ist falsch" },
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeUserSessions({ userId: user.id, except: user.sessionId }, tx);
    await recordAudit({ ...audit, action: "auth.password_changed", entityType: "user", entityId: user.id }, tx);
  });
}
