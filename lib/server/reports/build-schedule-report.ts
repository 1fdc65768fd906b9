// The schedule PDF's report, built from what getScheduleData
// (find-reports.ts) read. Runs in the PDF worker thread (and in tests
// directly): no database (on "server-only" there, see pdf/pdf.worker.ts).
import "server-only";
import { compareNames } from "@/lib/shared/collation";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { shiftHours, sumHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";

/** Employee ("first last") or null when open, start, end, custom shift name or null, minutes of break. */
type CellShift = [employee: string | null, start: string, end: string, label: string | null, breakMinutes: number];
/** One location's shifts on one day, sorted by start. */
type Cell = [locationId: number, date: string, shifts: CellShift[]];

export type ScheduleData = {
  startDate: string;
  endDate: string;
  locations: { id: number; name: string; color: string }[];
  /** JSON text of Cell[], as PostgreSQL built it. */
  cells: string;
};

/**
 * One Monday–Sunday grid of locations × days per week touching the range (a
 * month gives several), like the planner; locations sorted by name.
 */
export function buildScheduleReport({ startDate, endDate, locations: unsorted, cells }: ScheduleData): ScheduleReport {
  const byCell = new Map<string, ScheduleShift[]>();
  const hours = new Map<string, number>(); // a month has only a handful of distinct start/end pairs
  let shiftCount = 0;
  for (const [locationId, date, shifts] of JSON.parse(cells) as Cell[]) {
    byCell.set(
      `${locationId}|${date}`,
      shifts.map(([employee, start, end, label, breakMinutes]) => {
        const key = `${start}${end}${breakMinutes}`;
        let length = hours.get(key);
        if (length === undefined) hours.set(key, (length = shiftHours(start, end, breakMinutes) ?? 0));
        return { employee, start, end, hours: length, label };
      }),
    );
    shiftCount += shifts.length;
  }
  const locations = [...unsorted].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);

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
    const dayTotals = days.map((_, i) =>
      sumHours(rows.map((row) => sumHours(row.cells[i].map((shift) => shift.hours)))),
    );
    weeks.push({ weekStart: monday, days, locations: rows, dayTotals, total: sumHours(dayTotals) });
  }
  return { startDate, endDate, weeks, total: sumHours(weeks.map((week) => week.total)), shiftCount };
}
