import "server-only";
import { randomBytes } from "node:crypto";
import { Role } from "@/generated/prisma/client";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashPassword, MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { db } from "@/lib/server/db/client";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";

/** ADMIN_USERNAME and ADMIN_PASSWORD, either may be unset. */
export type FirstAdminOptions = { username?: string; password?: string };

export type FirstAdminResult =
  { created: false } | { created: true; username: string; generatedPassword: string | null };

/**
 * On a fresh database, create the first admin (docs/PRODUCT-RULES.md §6.1) from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or with a generated password that the
 * caller prints once. Never a fixed default password, never a migration.
 * An advisory lock makes two instances starting at once create one admin.
 */
export async function ensureFirstAdmin(env: FirstAdminOptions = {}): Promise<FirstAdminResult> {
  const username = env.username?.trim() || "admin";
  if (username.length < 3 || username.length > 100) {
    throw new Error("ADMIN_USERNAME must be 3 to 100 characters long");
  }
  if (env.password !== undefined && env.password !== "" && env.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  // Quick check without the lock: the normal case on every start after the first.
  if ((await db.user.count()) > 0) return { created: false };

  const generatedPassword = env.password ? null : randomBytes(18).toString("base64url");
  const passwordHash = await hashPassword(env.password || generatedPassword!);

  return transaction(async (tx) => {
    await advisoryLock(tx, { kind: "first-admin" });
    if ((await tx.user.count()) > 0) return { created: false } as const;
    const admin = await tx.user.create({ data: { username, passwordHash, role: Role.admin } });
    await recordAudit(tx, { actor: null, action: "user.bootstrap_admin", entityType: "user", entityId: admin.id });
    return { created: true, username, generatedPassword } as const;
  });
}
