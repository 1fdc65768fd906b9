import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import type { Db } from "@/lib/server/db/client";
import type { AuditAction } from "@/lib/shared/audit-kinds";

/**
 * Who makes a change and from where: every write function takes it as
 * `audit` and records it with the change (`recordAudit({ ...audit, action })`).
 */
export type AuditContext = { actor: AuthUser; ip: string };

export type AuditEntry = {
  /** `accessToken`: the integration's token that acted (docs/PRODUCT-RULES.md §36); `username` then names it. */
  actor: { id: number; username: string; accessToken?: { id: number } } | null;
  /** Declared with its kind in AUDIT_ACTIONS (lib/shared/audit-kinds.ts). */
  action: AuditAction;
  entityType?: string;
  entityId?: number;
  details?: Prisma.InputJsonValue;
  ip?: string;
  /**
   * When, by the app's clock; left out, the database's now(). Only where the row is compared with other times of the
   * app's clock (the re-check limit audits the first refusal of a lock, docs/PRODUCT-RULES.md §30.2).
   */
  at?: Date;
};

/**
 * One row in the audit log (docs/PRODUCT-RULES.md §6.2: who, what, which id, when, from
 * which IP). `db` is the change's transaction, so the entry commits with the change, or the client itself for an
 * entry of its own (a failed login).
 */
export async function recordAudit(db: Pick<Db, "auditLog">, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      userId: entry.actor?.id ?? null,
      username: entry.actor?.username ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      ...(entry.details !== undefined && { details: entry.details }),
      ip: entry.ip ?? null,
      accessTokenId: entry.actor?.accessToken?.id ?? null,
      ...(entry.at && { createdAt: entry.at }),
    },
  });
}
