// The schedule PDF's report, built from what getScheduleData
// (find-reports.ts) read. Runs in the PDF worker thread (and in tests
// directly): no database (on "server-only" there, see pdf/pdf.worker.ts).
import "server-only";
import { compareNames } from "@/lib/shared/collation";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { shiftHours, sumHours } from "@/lib/shared/hours";
import type { HolidayDto } from "@/lib/shared/api-types";
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
  /** The range's public holidays with the locations they apply to (docs/PRODUCT-RULES.md §22.4); absent: none. */
  holidays?: HolidayDto[];
};

/**
 * Where the PDF marks holidays (docs/PRODUCT-RULES.md §22.6): a holiday of every location shown goes into the
 * day's head ("Feiertag: Weihnachtstag"), one of only some locations into those locations' cells. Without
 * locations the head shows the company's holidays (the entries that name no location).
 */
function holidayMarks(days: (string | null)[], locationIds: number[], holidays: HolidayDto[]) {
  const names = (date: string | null, matches: (entry: HolidayDto) => boolean) =>
    holidays
      .filter((entry) => entry.date === date && matches(entry))
      .map((entry) => entry.name)
      .join(" / ") || null;
  const perLocation = locationIds.map((id) =>
    days.map((day) => names(day, (entry) => entry.location_ids.includes(id))),
  );
  const head = days.map((day, i) =>
    locationIds.length === 0
      ? names(day, (entry) => entry.location_ids.length === 0)
      : perLocation.every((cells) => cells[i] !== null && cells[i] === perLocation[0][i])
        ? perLocation[0][i]
        : null,
  );
  const cells = perLocation.map((row) => row.map((name, i) => (head[i] === null ? name : null)));
  return { head, cells };
}

/**
 * One Monday–Sunday grid of locations × days per week touching the range (a
 * month gives several), like the planner; locations sorted by name.
 */
export function buildScheduleReport({
  startDate,
  endDate,
  locations: unsorted,
  cells,
  holidays = [],
}: ScheduleData): ScheduleReport {
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
    const marks = holidayMarks(
      days,
      locations.map((location) => location.id),
      holidays,
    );
    const rows = locations.map((location, index) => {
      const cells = days.map((day) => (day === null ? [] : (byCell.get(`${location.id}|${day}`) ?? [])));
      const total = sumHours(cells.flat().map((shift) => shift.hours));
      return { ...location, cells, total, holidays: marks.cells[index] };
    });
    const dayTotals = days.map((_, i) =>
      sumHours(rows.map((row) => sumHours(row.cells[i].map((shift) => shift.hours)))),
    );
    weeks.push({
      weekStart: monday,
      days,
      holidays: marks.head,
      locations: rows,
      dayTotals,
      total: sumHours(dayTotals),
    });
  }
  return { startDate, endDate, weeks, total: sumHours(weeks.map((week) => week.total)), shiftCount };
}
