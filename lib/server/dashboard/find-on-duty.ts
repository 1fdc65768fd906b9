import "server-only";
import { config } from "@/lib/server/config";
import type { Db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { compareNames } from "@/lib/shared/collation";
import { addDays } from "@/lib/shared/dates";

/** "Heute im Dienst" (docs/PRODUCT-RULES.md §32.8): one row per assigned shift of today with the stamp state. */
export type OnDutyRow = {
  shift_id: number;
  employee_id: number;
  first_name: string;
  last_name: string;
  shift_date: string;
  start_time: string;
  end_time: string;
  location_name: string;
  stamp: "in" | "out" | "none";
  stamp_at: string | null;
};

type Row = Omit<OnDutyRow, "stamp" | "stamp_at"> & {
  shift_start: Date;
  status: "running" | "recorded" | "approved" | null;
  start_at: Date | null;
  end_at: Date | null;
};

/**
 * Today's assigned shifts of active employees, and yesterday's night shifts not over yet, in one query, each with
 * the employee's stamp state for it (docs/PRODUCT-RULES.md §32.8): their running entry if it began before the
 * shift's end + 2 h ("in" since its start, also one from yesterday), else the entry of today nearest the shift's
 * start that ended after the shift's start − 2 h ("out" at its end: the morning's entry is not the evening shift's),
 * else "none". Void entries do not count.
 */
export async function findOnDutyToday(db: Db, today: string, now = new Date()): Promise<OnDutyRow[]> {
  const day = toDateColumn(today);
  const zone = config.timeZone;
  const rows = await db.$queryRaw<Row[]>`
    WITH s AS (
      SELECT s.id, s.employee_id, s.location_id, s.shift_date, s.start_time, s.end_time,
             (s.shift_date + s.start_time) AT TIME ZONE ${zone} AS start_at,
             (s.shift_date + s.end_time + CASE WHEN s.end_time <= s.start_time THEN interval '1 day'
                                               ELSE interval '0' END) AT TIME ZONE ${zone} AS end_at
      FROM shifts s
      WHERE s.employee_id IS NOT NULL
        AND (s.shift_date = ${day}::date OR (s.shift_date = ${day}::date - 1 AND s.end_time <= s.start_time))
    )
    SELECT s.id AS shift_id, s.employee_id, e.first_name, e.last_name,
           to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date,
           to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
           s.start_at AS shift_start, l.name AS location_name, t.status::text AS status, t.start_at, t.end_at
    FROM s
    JOIN employees e ON e.id = s.employee_id AND e.archived_at IS NULL
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN LATERAL (
      SELECT x.status, x.start_at, x.end_at
      FROM time_entries x
      WHERE x.employee_id = s.employee_id AND x.status <> 'void' AND x.start_at < s.end_at + interval '2 hours'
        AND (x.status = 'running'
             OR (x.date BETWEEN s.shift_date AND ${day}::date AND x.end_at > s.start_at - interval '2 hours'))
      ORDER BY (x.status = 'running') DESC, abs(extract(epoch FROM x.start_at - s.start_at))
      LIMIT 1
    ) t ON true
    WHERE s.shift_date = ${day}::date OR s.end_at > ${now}`;
  // One running entry is one shift's: of a person's rows that found it, the shift that starts nearest to it keeps
  // it (in at 06:00, the 06–10 row, not also the 18–22 one).
  const nearest = new Map<string, Row>();
  for (const row of rows) {
    if (row.status !== "running") continue;
    const key = `${row.employee_id}:${row.start_at!.getTime()}`;
    const kept = nearest.get(key);
    const distance = (candidate: Row) => Math.abs(candidate.shift_start.getTime() - candidate.start_at!.getTime());
    if (!kept || distance(row) < distance(kept)) nearest.set(key, row);
  }
  for (const row of rows)
    if (row.status === "running" && nearest.get(`${row.employee_id}:${row.start_at!.getTime()}`) !== row)
      Object.assign(row, { status: null, start_at: null, end_at: null });
  const yesterday = addDays(today, -1);
  return rows
    .sort(
      (a, b) =>
        // Yesterday's night first: it began before any of today's.
        Number(b.shift_date === yesterday) - Number(a.shift_date === yesterday) ||
        a.start_time.localeCompare(b.start_time) ||
        compareNames(a.last_name, b.last_name) ||
        compareNames(a.first_name, b.first_name) ||
        a.shift_id - b.shift_id,
    )
    .map(({ shift_start: _shiftStart, status, start_at, end_at, ...row }) => ({
      ...row,
      stamp: status === null ? "none" : status === "running" ? "in" : "out",
      stamp_at: status === null ? null : status === "running" ? start_at!.toISOString() : end_at!.toISOString(),
    }));
}
