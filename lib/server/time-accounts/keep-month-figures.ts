import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { addMonths } from "@/lib/shared/dates";
import { readTimeAccounts } from "./read-time-accounts";
import { ENTRY_WORKED_MINUTES_SQL } from "./worked-minutes-sql";

/**
 * Keeps an approved month's figures on its row (the approval, in its transaction, after its entries are approved;
 * the month has no running entry then): the worked minutes summed from its entries, and the target and credits the
 * time account showed for it at that moment (docs/PRODUCT-RULES.md §34.3). The account reads them instead of
 * counting the month again, so weekly hours changed or an absence recorded later leave an approved month as it was.
 * A month outside the account (none begun yet) keeps its worked minutes only: its target is counted when it joins.
 */
export async function keepMonthFigures(
  tx: Tx,
  {
    employeeId,
    month,
    today,
    timeZone,
    now,
  }: { employeeId: number; month: string; today: string; timeZone: string; now: Date },
): Promise<void> {
  const first = `${month}-01`;
  await tx.$executeRaw`
    UPDATE timesheet_months m SET worked_minutes = COALESCE((
      SELECT SUM(${ENTRY_WORKED_MINUTES_SQL})::int FROM time_entries t
      WHERE t.employee_id = ${employeeId} AND t.status <> 'void' AND t.end_at IS NOT NULL
        AND t.date >= ${toDateColumn(first)}::date AND t.date < ${toDateColumn(addMonths(first, 1))}::date), 0)
    WHERE m.employee_id = ${employeeId} AND m.month = ${toDateColumn(first)}::date`;
  const { accounts } = await readTimeAccounts(tx, {
    fromMonth: month,
    toMonth: month,
    employeeId,
    today,
    timeZone,
    now,
  });
  const figures = accounts[0]?.months.find((row) => row.month === month);
  if (!figures || figures.target_minutes === null || figures.credit_minutes === null) return;
  await tx.timesheetMonth.update({
    where: { employeeId_month: { employeeId, month: toDateColumn(first) } },
    data: { targetMinutes: figures.target_minutes, creditMinutes: figures.credit_minutes },
  });
}
