import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db } from "@/lib/server/db/client";
import { hashPassword, verifyPassword } from "./password";
import { revokeUserSessions } from "./sessions";

/**
 * Own password change: needs the current password; every other session of
 * the user ends (this one, named by the access token's `sid`, goes on).
 */
export async function changePassword(options: {
  user: AuthUser;
  currentPassword: string;
  newPassword: string;
  ip: string;
}): Promise<void> {
  const { user, currentPassword, newPassword, ip } = options;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new ApiError("validation_failed", "Aktuelles Passwort ist falsch", {
      fields: { currentPassword: "Aktuelles Passwort ist falsch" },
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeUserSessions(user.id, { except: user.sessionId }, tx);
    await recordAudit({ actor: user, action: "auth.password_changed", entityType: "user", entityId: user.id, ip }, tx);
  });
}
