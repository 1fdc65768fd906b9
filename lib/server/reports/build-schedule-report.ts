// The schedule PDF's report, built from what getScheduleData
// (find-reports.ts) read. Runs in the PDF worker thread (and in tests
// directly): no database (on "server-only" there, see pdf/pdf.worker.ts).
import "server-only";
import { compareNames } from "@/lib/shared/collation";
import { addDays, daysBetween, MAX_EACH_DATE_DAYS, mondayOf } from "@/lib/shared/dates";
import { WEEKDAYS_SHORT } from "@/lib/shared/format";
import { sumHours } from "@/lib/shared/hours";
import { clockHoursHold, datedShiftHours } from "@/lib/shared/rules/time";
import type { HolidayDto } from "@/lib/shared/api-types";
import type {
  ScheduleReport,
  ScheduleRow,
  ScheduleRowsKind,
  ScheduleShift,
  ScheduleWeek,
} from "@/lib/shared/report-types";

/**
 * Employee ("first last") or null when open, start, end, custom shift name or null, minutes of break, and the
 * employee's id or null.
 */
type CellShift = [
  employee: string | null,
  start: string,
  end: string,
  label: string | null,
  breakMinutes: number,
  employeeId: number | null,
];
/** One location's shifts on one day, sorted by start. */
type Cell = [locationId: number, date: string, shifts: CellShift[]];

type Person = { id: number; firstName: string; lastName: string };

export type ScheduleData = {
  startDate: string;
  endDate: string;
  /** Rows per location (the default) or per employee (docs/PRODUCT-RULES.md §27.6). */
  rows?: ScheduleRowsKind;
  companyName?: string | null;
  locations: { id: number; name: string; color: string }[];
  /** Rows of employees: the employees with shifts in the range. */
  employees?: Person[];
  /** The approved vacations overlapping the range; `id` is the employee's. */
  vacations?: (Person & { startDate: string; endDate: string })[];
  /** JSON text of Cell[], as PostgreSQL built it. */
  cells: string;
  /** The range's public holidays with the locations they apply to (docs/PRODUCT-RULES.md §22.4); absent: none. */
  holidays?: HolidayDto[];
  /** The business's time zone: a dated shift's hours are its real length there (docs/PRODUCT-RULES.md §32.5). */
  timeZone: string;
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
 * The head of a day in the rows of employees (docs/PRODUCT-RULES.md §27.6): every holiday of any location shown,
 * naming the locations when it is not one of all ("Berchtoldstag (Bern Bahnhof)"); without locations the
 * company's holidays.
 */
function employeeHolidayHead(
  days: (string | null)[],
  locations: { id: number; name: string }[],
  holidays: HolidayDto[],
) {
  return days.map((day) => {
    const names = holidays
      .filter((entry) => entry.date === day && (locations.length === 0 || entry.location_ids.length > 0))
      .map((entry) => {
        const where = locations.filter((location) => entry.location_ids.includes(location.id));
        if (locations.length === 0 || where.length === locations.length) return entry.name;
        if (where.length > 2) return `${entry.name} (${where.length} von ${locations.length} Standorten)`;
        return `${entry.name} (${where.map((location) => location.name).join(", ")})`;
      });
    return names.join(" / ") || null;
  });
}

/** "Mo–Mi", or "Fr" for one day: the days of a week (indexes 0–6, ascending) someone is away. */
function daySpan(indexes: number[]): string {
  const first = WEEKDAYS_SHORT[indexes[0]];
  const last = WEEKDAYS_SHORT[indexes[indexes.length - 1]];
  return indexes.length === 1 ? first : `${first}–${last}`;
}

/** Weeks a schedule may span: as many as eachDate's longest list touches (docs/PRODUCT-RULES.md §30.1). */
const MAX_SCHEDULE_WEEKS = Math.ceil(MAX_EACH_DATE_DAYS / 7) + 1;

const byName = (a: Person, b: Person) =>
  compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName) || a.id - b.id;
const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

/**
 * Per Monday–Sunday week touching the range that has shifts (a month gives several; a week without any is
 * left out, docs/PRODUCT-RULES.md §27.6), a grid of rows × days: locations sorted by name like the planner, or
 * employees by last name with the open shifts in a row "Offen" of their own.
 */
export function buildScheduleReport({
  startDate,
  endDate,
  rows: kind = "locations",
  companyName = null,
  locations: unsorted,
  employees = [],
  vacations = [],
  cells,
  holidays = [],
  timeZone,
}: ScheduleData): ScheduleReport {
  const locations = [...unsorted].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  const locationNames = new Map(locations.map((location) => [location.id, location.name]));
  const byCell = new Map<string, ScheduleShift[]>(); // location or employee ("open" for open shifts) | date
  const shiftsOn = new Map<string, number>();
  const hours = new Map<string, number>(); // a month has only a handful of distinct start/end pairs
  let shiftCount = 0;
  for (const [locationId, date, shifts] of JSON.parse(cells) as Cell[]) {
    const location = locationNames.get(locationId) ?? "";
    // Around a DST change a shift's real length differs from its clock times' (§32.5): computed per shift there.
    const steady = clockHoursHold(timeZone, date);
    for (const [employee, start, end, label, breakMinutes, employeeId] of shifts) {
      const key = `${start}${end}${breakMinutes}`;
      let length = steady ? hours.get(key) : undefined;
      if (length === undefined) {
        length = datedShiftHours(
          { shift_date: date, start_time: start, end_time: end, break_minutes: breakMinutes },
          timeZone,
        );
        if (steady) hours.set(key, length);
      }
      const shift = { employee, start, end, hours: length, label, location };
      const cell = `${kind === "locations" ? locationId : (employeeId ?? "open")}|${date}`;
      const list = byCell.get(cell);
      if (list) list.push(shift);
      else byCell.set(cell, [shift]);
    }
    shiftsOn.set(date, (shiftsOn.get(date) ?? 0) + shifts.length);
    shiftCount += shifts.length;
  }
  // An employee's day gathers shifts of several locations: by start, as a location's cell comes.
  if (kind === "employees") for (const list of byCell.values()) list.sort((a, b) => a.start.localeCompare(b.start));
  const people = [...employees].sort(byName);
  const away = [...vacations].sort(byName);
  const vacationsOf = new Map<number, { startDate: string; endDate: string }[]>();
  for (const vacation of away) vacationsOf.set(vacation.id, [...(vacationsOf.get(vacation.id) ?? []), vacation]);

  const weeks: ScheduleWeek[] = [];
  // Counted weeks, not a string comparison (docs/PRODUCT-RULES.md §30.1): the route allows at most 366 days.
  const firstMonday = mondayOf(startDate);
  const weekCount = Math.floor(daysBetween(firstMonday, endDate) / 7) + 1;
  if (!(weekCount <= MAX_SCHEDULE_WEEKS)) throw new Error(`schedule report: ${startDate}..${endDate} is too long`);
  for (let week = 0; week < weekCount; week++) {
    const monday = addDays(firstMonday, week * 7);
    const days = Array.from({ length: 7 }, (_, i) => {
      const day = addDays(monday, i);
      return day >= startDate && day <= endDate ? day : null;
    });
    if (!days.some((day) => day !== null && shiftsOn.has(day))) continue;
    const cellsOf = (key: number | "open") =>
      days.map((day) => (day === null ? [] : (byCell.get(`${key}|${day}`) ?? [])));
    const awayDays = (person: Person) =>
      days.flatMap((day, i) =>
        day !== null && vacationsOf.get(person.id)?.some((v) => v.startDate <= day && v.endDate >= day) ? [i] : [],
      );

    let rows: ScheduleRow[];
    let head: (string | null)[];
    let onVacation: string[] = [];
    if (kind === "locations") {
      const marks = holidayMarks(
        days,
        locations.map((location) => location.id),
        holidays,
      );
      head = marks.head;
      rows = locations.map((location, index) => {
        const rowCells = cellsOf(location.id);
        const total = sumHours(rowCells.flat().map((shift) => shift.hours));
        return { ...location, open: false, cells: rowCells, total, holidays: marks.cells[index] };
      });
      const seen = new Set<number>();
      for (const person of away) {
        if (seen.has(person.id)) continue;
        seen.add(person.id);
        const indexes = awayDays(person);
        // The full name, as the planner's grid shows it (docs/PRODUCT-RULES.md §31.3); the days stay with it.
        if (indexes.length > 0) onVacation.push(`${fullName(person)}\u00a0(${daySpan(indexes)})`);
      }
    } else {
      head = employeeHolidayHead(days, locations, holidays);
      rows = [];
      for (const person of people) {
        const rowCells = cellsOf(person.id);
        const indexes = awayDays(person);
        if (indexes.length === 0 && rowCells.every((cell) => cell.length === 0)) continue;
        const vacation = days.map((_, i) => indexes.includes(i));
        const total = sumHours(rowCells.flat().map((shift) => shift.hours));
        rows.push({
          id: person.id,
          name: fullName(person),
          color: null,
          open: false,
          cells: rowCells,
          total,
          vacation,
        });
      }
      const open = cellsOf("open");
      if (open.some((cell) => cell.length > 0)) {
        const total = sumHours(open.flat().map((shift) => shift.hours));
        rows.push({ id: 0, name: "Offen", color: null, open: true, cells: open, total });
      }
      onVacation = [];
    }
    const dayTotals = days.map((_, i) =>
      sumHours(rows.map((row) => sumHours(row.cells[i].map((shift) => shift.hours)))),
    );
    weeks.push({
      weekStart: monday,
      days,
      holidays: head,
      rows,
      dayTotals,
      total: sumHours(dayTotals),
      vacations: onVacation,
    });
  }
  return {
    startDate,
    endDate,
    rows: kind,
    companyName,
    weeks,
    total: sumHours(weeks.map((week) => week.total)),
    shiftCount,
  };
}
