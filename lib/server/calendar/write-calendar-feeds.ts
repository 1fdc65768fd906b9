import "server-only";
import type { AuditContext } from "@/lib/server/audit/record-audit";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { ApiError } from "@/lib/server/api/errors";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import type { Tx } from "@/lib/server/db/client";
import { lockUser } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { NOT_LINKED } from "@/lib/server/self-service/acting-for";

export type CalendarFeedOptions = { employeeId: number; audit: AuditContext };
export type IssuedCalendarToken = { token: string; createdAt: Date };

/**
 * A new calendar link for an employee (docs/PRODUCT-RULES.md §26.2): 256 random bits, answered once and stored
 * only as its SHA-256 hash. It replaces the employee's previous link, which stops working at once. `audit.actor`
 * is the employee's own account: only they make their link, and only while linked (§30.3).
 */
export async function issueCalendarToken({ employeeId, audit }: CalendarFeedOptions): Promise<IssuedCalendarToken> {
  const token = newOpaqueToken();
  const tokenHash = hashOpaqueToken(token);
  const createdAt = await transaction(async (tx) => {
    // Re-checked under a share lock on the account's row: an unlink or a deletion, which write that row before
    // they end the link (endCalendarLink), waits for this transaction or makes it fail here. Otherwise a link
    // issued with a request authenticated just before an unlink would outlive it.
    const holder = await lockUser(tx, audit.actor.id, "share");
    if (holder?.employeeId !== employeeId) throw new ApiError("forbidden", NOT_LINKED);
    const employee = await tx.employee.findFirst({ where: { id: employeeId, archivedAt: null }, select: { id: true } });
    if (!employee) throw employeeNotFound();
    const previous = await tx.calendarFeed.findUnique({ where: { employeeId }, select: { employeeId: true } });
    const feed = await tx.calendarFeed.upsert({
      where: { employeeId },
      create: { employeeId, tokenHash },
      update: { tokenHash, createdAt: new Date() },
      select: { createdAt: true },
    });
    await recordAudit(tx, {
      ...audit,
      action: "calendar_feed.issue",
      entityType: "employee",
      entityId: employeeId,
      details: { replaced: previous !== null },
    });
    return feed.createdAt;
  });
  return { token, createdAt };
}

/** Ends the employee's calendar link, if there is one; false when there was none (nothing is recorded then). */
export async function revokeCalendarToken({ employeeId, audit }: CalendarFeedOptions): Promise<boolean> {
  return transaction(async (tx) => {
    const { count } = await tx.calendarFeed.deleteMany({ where: { employeeId } });
    if (count === 0) return false;
    await recordAudit(tx, { ...audit, action: "calendar_feed.revoke", entityType: "employee", entityId: employeeId });
    return true;
  });
}

/**
 * Ends the employee's calendar link inside the caller's transaction when the account it belongs to leaves the
 * employee: an unlink or relink (PUT /api/users/{id}), a deleted user, an archived employee (docs/PRODUCT-RULES.md
 * §26.2, §30.3). The feed URL then answers 404 like an unknown one, and the employee's next account starts without a
 * link. No audit row of its own: the caller's row says it (`calendar_link_ended`). Call it after writing the user's
 * row, whose lock orders it against issueCalendarToken. True when there was a link.
 */
export async function endCalendarLink(tx: Tx, employeeId: number): Promise<boolean> {
  const { count } = await tx.calendarFeed.deleteMany({ where: { employeeId } });
  return count > 0;
}
