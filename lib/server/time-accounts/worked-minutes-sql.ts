import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { addMonths } from "@/lib/shared/dates";

/**
 * The worked minutes of an entry row `t` (with `t.end_at` already the end to count to), in SQL: end − start − breaks,
 * rounded down to whole minutes, as its `worked_minutes` (lib/server/time/time-entry-dto.ts, `minutesOf`). One
 * formula for the time account's sums and the approval's kept figure (docs/PRODUCT-RULES.md §34.3).
 */
export const ENTRY_WORKED_MINUTES_SQL = Prisma.sql`FLOOR(GREATEST(0,
  EXTRACT(EPOCH FROM (t.end_at - t.start_at)) * 1000 - COALESCE((
    SELECT SUM(GREATEST(0, EXTRACT(EPOCH FROM (LEAST(COALESCE(b.end_at, t.end_at), t.end_at) - b.start_at)) * 1000))
    FROM time_breaks b WHERE b.entry_id = t.id), 0)) / 60000)`;

/**
 * Keeps an approved month's worked minutes on its row (the approval, in its transaction; the month has no running
 * entry then): the time account reads them instead of the entries.
 */
export async function keepWorkedMinutes(tx: Tx, employeeId: number, month: string): Promise<void> {
  const first = `${month}-01`;
  await tx.$executeRaw`
    UPDATE timesheet_months m SET worked_minutes = COALESCE((
      SELECT SUM(${ENTRY_WORKED_MINUTES_SQL})::int FROM time_entries t
      WHERE t.employee_id = ${employeeId} AND t.status <> 'void' AND t.end_at IS NOT NULL
        AND t.date >= ${toDateColumn(first)}::date AND t.date < ${toDateColumn(addMonths(first, 1))}::date), 0)
    WHERE m.employee_id = ${employeeId} AND m.month = ${toDateColumn(first)}::date`;
}
