import "server-only";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import type { CreditAbsence } from "@/lib/shared/target-hours";

export type CreditAbsenceQuery = {
  from: string;
  to: string;
  /** Only these employees' absences (all when left out). */
  employeeIds?: number[];
};

/**
 * The absences that credit the target in a range (docs/PRODUCT-RULES.md §32.2), for `absenceCredits`: every type
 * but unpaid leave, which credits nothing and is not read at all. The one reader for the targets and the hours
 * report, so both count the same days.
 */
export async function readCreditAbsences(
  db: Db,
  { from, to, employeeIds }: CreditAbsenceQuery,
): Promise<CreditAbsence[]> {
  const absences = await db.absence.findMany({
    where: {
      type: { not: "unbezahlt" },
      startDate: { lte: toDateColumn(to) },
      endDate: { gte: toDateColumn(from) },
      ...(employeeIds && { employeeId: { in: employeeIds } }),
    },
    select: { employeeId: true, type: true, startDate: true, endDate: true, hours: true },
  });
  return absences.map((absence) => ({
    employeeId: absence.employeeId,
    type: absence.type,
    startDate: fromDateColumn(absence.startDate),
    endDate: fromDateColumn(absence.endDate),
    hours: absence.hours?.toNumber() ?? null,
  }));
}
