import "server-only";
import { db } from "@/lib/server/db";
import { toDateColumn } from "@/lib/server/db-columns";
import { compareNames } from "@/lib/shared/collation";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { shiftHours, sumHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";

/**
 * The schedule PDF's data: one Monday-Sunday grid of locations × days per
 * week touching the range (a month gives several), like the planner.
 * Locations: the active ones, plus archived ones that have shifts in the range.
 */
export async function scheduleReport(startDate: string, endDate: string): Promise<ScheduleReport> {
  const [byCell, locations] = await Promise.all([
    shiftsByCell(startDate, endDate),
    db.location.findMany({
      where: { OR: [{ archivedAt: null }, { shifts: { some: { shiftDate: { gte: toDateColumn(startDate), lte: toDateColumn(endDate) } } } }] },
      select: { id: true, name: true, color: true },
    }),
  ]);
  locations.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);

  const weeks: ScheduleWeek[] = [];
  for (let monday = mondayOf(startDate); monday <= endDate; monday = addDays(monday, 7)) {
    const days = Array.from({ length: 7 }, (_, i) => {
      const day = addDays(monday, i);
      return day >= startDate && day <= endDate ? day : null;
    });
    const rows = locations.map((location) => {
      const cells = days.map((day) => (day === null ? [] : (byCell.get(`${location.id}|${day}`) ?? [])));
      return { ...location, cells, total: sumHours(cells.flat().map((shift) => shift.hours)) };
    });
    const dayTotals = days.map((_, i) => sumHours(rows.map((row) => sumHours(row.cells[i].map((shift) => shift.hours)))));
    weeks.push({ weekStart: monday, days, locations: rows, dayTotals, total: sumHours(dayTotals) });
  }
  const shiftCount = [...byCell.values()].reduce((count, cell) => count + cell.length, 0);
  return { startDate, endDate, weeks, total: sumHours(weeks.map((week) => week.total)), shiftCount };
}

type CellRow = { location_id: number; shift_date: string; shifts: string };
/** Employee ("first last", as findShifts names them) or null when open, start, end, custom shift name or null. */
type CellShift = [employee: string | null, start: string, end: string, label: string | null];

/**
 * The range's shifts per location and day ("id|yyyy-MM-dd"), sorted by start.
 * Not findShifts: turning a month of 500 employees (11,000 rows) into
 * objects blocked the event loop for 100 ms and more, which every other
 * request waited for (bench/pdf-vs-health.mjs). PostgreSQL packs each cell
 * into one JSON text instead, and JSON.parse is native.
 */
async function shiftsByCell(startDate: string, endDate: string): Promise<Map<string, ScheduleShift[]>> {
  const rows = await db.$queryRaw<CellRow[]>`
    SELECT s.location_id, to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date,
           json_agg(json_build_array(
             CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.last_name END,
             to_char(s.start_time, 'HH24:MI'),
             to_char(s.end_time, 'HH24:MI'),
             CASE WHEN s.is_custom THEN s.custom_name END
           ) ORDER BY s.start_time, s.id)::text AS shifts
    FROM shifts s
    LEFT JOIN employees e ON e.id = s.employee_id
    WHERE s.shift_date >= ${startDate}::date AND s.shift_date <= ${endDate}::date
    GROUP BY s.location_id, s.shift_date`;
  const byCell = new Map<string, ScheduleShift[]>();
  const hours = new Map<string, number>(); // a month has only a handful of distinct start/end pairs
  for (const [i, row] of rows.entries()) {
    // Let waiting requests in between slices of a big month.
    if (i % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
    const shifts = (JSON.parse(row.shifts) as CellShift[]).map(([employee, start, end, label]) => {
      const key = `${start}${end}`;
      let length = hours.get(key);
      if (length === undefined) hours.set(key, (length = shiftHours(start, end) ?? 0));
      return { employee, start, end, hours: length, label };
    });
    byCell.set(`${row.location_id}|${row.shift_date}`, shifts);
  }
  return byCell;
}
