import "server-only";
import type { Db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { compareNames } from "@/lib/shared/collation";

/** "Heute im Dienst" (docs/PRODUCT-RULES.md §32.8): one row per assigned shift of today with the stamp state. */
export type OnDutyRow = {
  shift_id: number;
  employee_id: number;
  first_name: string;
  last_name: string;
  start_time: string;
  end_time: string;
  location_name: string;
  stamp: "in" | "out" | "none";
  stamp_at: string | null;
};

type Row = {
  shift_id: number;
  employee_id: number;
  first_name: string;
  last_name: string;
  start_time: string;
  end_time: string;
  location_name: string;
  status: "running" | "recorded" | "approved" | null;
  start_at: Date | null;
  end_at: Date | null;
};

/**
 * Today's assigned shifts of active employees in one query, each with the employee's stamp state now: their
 * running entry ("in" since its start, on any day: a night shift stamped yesterday), else today's last entry that
 * is not void ("out" at its end), else "none" (docs/PRODUCT-RULES.md §32.8).
 */
export async function findOnDutyToday(db: Db, today: string): Promise<OnDutyRow[]> {
  const day = toDateColumn(today);
  const rows = await db.$queryRaw<Row[]>`
    SELECT s.id AS shift_id, s.employee_id, e.first_name, e.last_name,
           to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
           l.name AS location_name, t.status::text AS status, t.start_at, t.end_at
    FROM shifts s
    JOIN employees e ON e.id = s.employee_id AND e.archived_at IS NULL
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN LATERAL (
      SELECT x.status, x.start_at, x.end_at
      FROM time_entries x
      WHERE x.employee_id = s.employee_id AND x.status <> 'void' AND (x.status = 'running' OR x.date = ${day}::date)
      ORDER BY (x.status = 'running') DESC, x.start_at DESC
      LIMIT 1
    ) t ON true
    WHERE s.shift_date = ${day}::date AND s.employee_id IS NOT NULL`;
  return rows
    .sort(
      (a, b) =>
        a.start_time.localeCompare(b.start_time) ||
        compareNames(a.last_name, b.last_name) ||
        compareNames(a.first_name, b.first_name) ||
        a.shift_id - b.shift_id,
    )
    .map(({ status, start_at, end_at, ...row }) => ({
      ...row,
      stamp: status === null ? "none" : status === "running" ? "in" : "out",
      stamp_at: status === null ? null : status === "running" ? start_at!.toISOString() : end_at!.toISOString(),
    }));
}
