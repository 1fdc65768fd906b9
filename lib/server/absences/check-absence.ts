import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { Tx } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { formatDate } from "@/lib/shared/format";

type OverlapCheck = { employeeId: number; startDate: string; endDate: string; excludeAbsenceId?: number };

const period = (start: Date, end: Date) => {
  const [from, to] = [formatDate(fromDateColumn(start)), formatDate(fromDateColumn(end))];
  return from === to ? from : `${from} – ${to}`;
};

/**
 * Refuses a range that touches another absence or an approved vacation of the employee (409, docs/PRODUCT-RULES.md
 * §32.2): a day is one kind of away, never two, so the target is credited once. The employee row must be locked
 * already (lockEmployee of lib/server/vacations/check-range.ts), so two parallel writes cannot both pass.
 */
export async function checkAbsenceOverlap(tx: Tx, check: OverlapCheck): Promise<void> {
  const { employeeId, startDate, endDate, excludeAbsenceId } = check;
  const touching = { startDate: { lte: toDateColumn(endDate) }, endDate: { gte: toDateColumn(startDate) } };
  const absence = await tx.absence.findFirst({
    where: { employeeId, ...touching, ...(excludeAbsenceId !== undefined && { id: { not: excludeAbsenceId } }) },
    select: { startDate: true, endDate: true },
  });
  if (absence)
    throw new ApiError(
      "conflict",
      `Überschneidet sich mit einer bestehenden Abwesenheit (${period(absence.startDate, absence.endDate)})`,
    );
  const vacation = await tx.vacation.findFirst({
    where: { employeeId, status: "approved", ...touching },
    select: { startDate: true, endDate: true },
  });
  if (vacation)
    throw new ApiError(
      "conflict",
      `Überschneidet sich mit bestehenden Ferien (${period(vacation.startDate, vacation.endDate)})`,
    );
}
