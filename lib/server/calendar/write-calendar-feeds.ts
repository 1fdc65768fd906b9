import "server-only";
import type { AuditContext } from "@/lib/server/audit/record-audit";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import { db } from "@/lib/server/db/client";
import { employeeNotFound } from "@/lib/server/employees/find-employees";

export type CalendarFeedOptions = { employeeId: number; audit: AuditContext };
export type IssuedCalendarToken = { token: string; createdAt: Date };

/**
 * A new calendar link for an employee (docs/PRODUCT-RULES.md §26.2): 256 random bits, answered once and stored
 * only as its SHA-256 hash. It replaces the employee's previous link, which stops working at once.
 */
export async function issueCalendarToken({ employeeId, audit }: CalendarFeedOptions): Promise<IssuedCalendarToken> {
  const token = newOpaqueToken();
  const tokenHash = hashOpaqueToken(token);
  const createdAt = await db.$transaction(async (tx) => {
    const employee = await tx.employee.findFirst({ where: { id: employeeId, archivedAt: null }, select: { id: true } });
    if (!employee) throw employeeNotFound();
    const previous = await tx.calendarFeed.findUnique({ where: { employeeId }, select: { employeeId: true } });
    const feed = await tx.calendarFeed.upsert({
      where: { employeeId },
      create: { employeeId, tokenHash },
      update: { tokenHash, createdAt: new Date() },
      select: { createdAt: true },
    });
    await recordAudit(
      {
        ...audit,
        action: "calendar_feed.issue",
        entityType: "employee",
        entityId: employeeId,
        details: { replaced: previous !== null },
      },
      tx,
    );
    return feed.createdAt;
  });
  return { token, createdAt };
}

/** Ends the employee's calendar link, if there is one; false when there was none (nothing is recorded then). */
export async function revokeCalendarToken({ employeeId, audit }: CalendarFeedOptions): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.calendarFeed.deleteMany({ where: { employeeId } });
    if (count === 0) return false;
    await recordAudit({ ...audit, action: "calendar_feed.revoke", entityType: "employee", entityId: employeeId }, tx);
    return true;
  });
}
