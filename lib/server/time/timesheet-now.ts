import "server-only";
import type { Db } from "@/lib/server/db/client";
import { rowLooksForgotten, type RunningEntryRow } from "./forgotten";

/** The dashboard's part of time recording (docs/PRODUCT-RULES.md §32.3): who is stamped in, forgotten stamps. */
export type ClockedInNow = {
  clocked_in: number;
  forgotten_clock_outs: { entry_id: number; employee_id: number; employee_name: string; since: string }[];
};

export const NOBODY_CLOCKED_IN: ClockedInNow = { clocked_in: 0, forgotten_clock_outs: [] };

type Row = RunningEntryRow & { id: number; employee_id: number; first_name: string; last_name: string };

/**
 * The running entries in one query (at most one per employee, read by the partial unique index of running entries),
 * with the shift each was stamped against, flagged forgotten by the one rule of `looksForgotten` (./forgotten.ts).
 */
export async function findClockedIn(db: Db, now = new Date()): Promise<ClockedInNow> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT t.id, t.employee_id, e.first_name, e.last_name, t.start_at, s.shift_date,
           to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time
    FROM time_entries t
    JOIN employees e ON e.id = t.employee_id
    LEFT JOIN shifts s ON s.id = t.shift_id
    WHERE t.status = 'running'
    ORDER BY t.start_at, t.id`;
  const forgotten = rows.filter((row) => rowLooksForgotten(row, now.getTime()));
  return {
    clocked_in: rows.length,
    forgotten_clock_outs: forgotten.map((row) => ({
      entry_id: row.id,
      employee_id: row.employee_id,
      employee_name: `${row.first_name} ${row.last_name}`,
      since: row.start_at.toISOString(),
    })),
  };
}
