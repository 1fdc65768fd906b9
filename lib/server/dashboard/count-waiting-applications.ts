import "server-only";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn } from "@/lib/server/db/columns";
import { mondayOf } from "@/lib/shared/dates";

export type WaitingApplications = { count: number; week_start: string | null };

/**
 * Applications for open shifts waiting for a planner's decision (docs/PRODUCT-RULES.md §31.6): on open shifts dated
 * from `from` on, at active locations, by active employees — the ones the planner's week shows (§26.5). The week
 * named is the one of the earliest such shift, where the planner finds them first.
 */
export async function countWaitingApplications(db: Db, { from }: { from: string }): Promise<WaitingApplications> {
  const [row] = await db.$queryRaw<{ count: number; first: Date | null }[]>`
    SELECT count(*)::int AS count, min(s.shift_date) AS first
    FROM shift_applications a
    JOIN shifts s ON s.id = a.shift_id
    JOIN locations l ON l.id = s.location_id
    JOIN employees e ON e.id = a.employee_id
    WHERE s.employee_id IS NULL AND s.shift_date >= ${from}::date
      AND l.archived_at IS NULL AND e.archived_at IS NULL`;
  return { count: row.count, week_start: row.first ? mondayOf(fromDateColumn(row.first)) : null };
}
