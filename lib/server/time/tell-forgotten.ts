import "server-only";
import { config } from "@/lib/server/config";
import { fromDateColumn } from "@/lib/server/db/columns";
import type { Db } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { forgottenClockOut } from "@/lib/server/notifications/messages";
import { notifyEmployees } from "@/lib/server/notifications/write-notifications";
import { timeOfDayIn } from "@/lib/shared/dates";
import { rowLooksForgotten, type RunningEntryRow } from "./forgotten";

type Row = RunningEntryRow & { id: number; employee_id: number; date: Date; location_name: string };

/**
 * Tells each person whose stamp looks forgotten (./forgotten.ts) "Ausstempeln vergessen?", once per running entry
 * (docs/PRODUCT-RULES.md §33.6). Run every five minutes by the job queue's schedule. The entries are marked told in
 * the transaction that writes the messages, and only while still running and untold, so two instances looking at
 * once, or a clock-out in the same moment, tell nobody twice and nobody whose stamp just ended. Answers how many
 * entries were told of.
 */
export async function tellForgottenClockOuts(db: Db, now = new Date()): Promise<number> {
  const candidates = await db.$queryRaw<Row[]>`
    SELECT t.id, t.employee_id, t.date, t.start_at, l.name AS location_name, s.shift_date,
           to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time
    FROM time_entries t
    JOIN locations l ON l.id = t.location_id
    LEFT JOIN shifts s ON s.id = t.shift_id
    WHERE t.status = 'running' AND t.forgotten_told_at IS NULL`;
  const forgotten = candidates.filter((row) => rowLooksForgotten(row, now.getTime()));
  if (forgotten.length === 0) return 0;
  return transaction(async (tx) => {
    const marked = await tx.$queryRaw<{ id: number }[]>`
      UPDATE time_entries SET forgotten_told_at = ${now}
      WHERE id = ANY(${forgotten.map((row) => row.id)}::int[]) AND status = 'running' AND forgotten_told_at IS NULL
      RETURNING id`;
    const told = new Set(marked.map((row) => row.id));
    await notifyEmployees(
      tx,
      forgotten
        .filter((row) => told.has(row.id))
        .map((row) => ({
          employeeId: row.employee_id,
          message: forgottenClockOut({
            date: fromDateColumn(row.date),
            time: timeOfDayIn(config.timeZone, row.start_at),
            location_name: row.location_name,
          }),
        })),
    );
    return told.size;
  });
}
