import "server-only";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { addDays, workingDays } from "@/lib/shared/dates";
import { employeeNotFound } from "./find-employees";

/**
 * DELETE /employees/{id} archives (PRODUCT.md §4): the employee leaves lists
 * and pickers, past shifts and vacations stay for reports. Shifts from today
 * on become unassigned, so nothing planned silently vanishes; vacations from
 * today on are deleted (one running today ends yesterday).
 */
export async function archiveEmployee({ id, actor, ip }: { id: number; actor: AuthUser; ip: string }): Promise<void> {
  const today = businessToday();
  const yesterday = addDays(today, -1);
  await db.$transaction(async (tx) => {
    const { count } = await tx.employee.updateMany({
      where: { id, archivedAt: null },
      data: { archivedAt: new Date() },
    });
    if (count !== 1) throw employeeNotFound();
    const unassigned = await tx.shift.updateMany({
      where: { employeeId: id, shiftDate: { gte: toDateColumn(today) } },
      data: { employeeId: null },
    });
    const deleted = await tx.vacation.deleteMany({
      where: { employeeId: id, startDate: { gte: toDateColumn(today) } },
    });
    const running = await tx.vacation.findMany({
      where: { employeeId: id, startDate: { lt: toDateColumn(today) }, endDate: { gte: toDateColumn(today) } },
    });
    for (const vacation of running) {
      const start = vacation.startDate.toISOString().slice(0, 10);
      await tx.vacation.update({
        where: { id: vacation.id },
        data: { endDate: toDateColumn(yesterday), daysCount: workingDays(start, yesterday) },
      });
    }
    await recordAudit(
      {
        actor,
        action: "employee.archive",
        entityType: "employee",
        entityId: id,
        details: {
          shifts_unassigned: unassigned.count,
          vacations_deleted: deleted.count,
          vacations_shortened: running.length,
        },
        ip,
      },
      tx,
    );
  });
}
