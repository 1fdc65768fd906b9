import "server-only";
import { db } from "@/lib/server/db";
import { toDateColumn } from "@/lib/server/db-columns";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { compareNames } from "@/lib/shared/collation";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { sumHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";

/**
 * The schedule PDF's data: one Monday-Sunday grid of locations × days per
 * week touching the range (a month gives several), like the planner.
 * Locations: the active ones, plus archived ones that have shifts in the range.
 */
export async function scheduleReport(startDate: string, endDate: string): Promise<ScheduleReport> {
  const [shifts, locations] = await Promise.all([
    findShifts({ startDate, endDate }),
    db.location.findMany({
      where: { OR: [{ archivedAt: null }, { shifts: { some: { shiftDate: { gte: toDateColumn(startDate), lte: toDateColumn(endDate) } } } }] },
      select: { id: true, name: true, color: true },
    }),
  ]);
  locations.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  const byCell = new Map<string, ScheduleShift[]>();
  for (const shift of shifts) {
    const key = `${shift.location_id}|${shift.shift_date}`;
    const cell = byCell.get(key) ?? [];
    cell.push({ employee: shift.employee_name, start: shift.start_time, end: shift.end_time, hours: shift.hours, label: shift.is_custom ? shift.custom_name : null });
    byCell.set(key, cell);
  }

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
  return { startDate, endDate, weeks, total: sumHours(weeks.map((week) => week.total)), shiftCount: shifts.length };
}
