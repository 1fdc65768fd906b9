import {
  isFullEmployee,
  type EmployeeDto,
  type FindingDto,
  type HolidayDto,
  type LocationDto,
  type ShiftDto,
  type UnavailabilityDto,
  type VacationDto,
  type VisibleEmployee,
  type WeekApplicationDto,
} from "@/lib/shared/api-types";
import { addDays, daysBetween } from "@/lib/shared/dates";
import { WEEKDAYS_SHORT } from "@/lib/shared/format";
import { sumHours } from "@/lib/shared/hours";
import { coversDay } from "@/lib/shared/unavailability";
import { weekStatus } from "@/lib/shared/week-status";

export type EmployeeAvailability = {
  employee: EmployeeDto;
  scheduled: number;
  /** The week's target from the server (docs/PRODUCT-RULES.md §31.1); null for the hourly paid. */
  target: number | null;
  remaining: number | null;
  status: "free" | "full" | "overbooked";
  /** The days of the displayed week within an approved vacation of the employee. */
  vacationDays: string[];
  /** The employee's unavailability touching the displayed week (planners only; docs/PRODUCT-RULES.md §26.4). */
  unavailability: UnavailabilityDto[];
};

/** The week answer's targets by employee id (docs/PRODUCT-RULES.md §31.1). */
export function targetsById(
  targets: { employee_id: number; target_hours: number | null }[],
): Map<number, number | null> {
  return new Map(targets.map((entry) => [entry.employee_id, entry.target_hours]));
}

/**
 * Each employee's scheduled and remaining hours in the displayed week (docs/PRODUCT-RULES.md §10.2) and the days
 * of it the employee is on vacation or marked as unavailable. Remaining = the server's target of the week (less
 * holidays and vacation days, §31.1; the browser never works out holidays) − scheduled; an employee the week answer
 * has no target for yet (just added) counts the contract's weekly hours until the week reloads.
 */
export function availability(
  employees: EmployeeDto[],
  shifts: ShiftDto[],
  vacations: VacationDto[] = [],
  weekStart?: string,
  unavailability: UnavailabilityDto[] = [],
  targets: Map<number, number | null> = new Map(),
): EmployeeAvailability[] {
  const hours = new Map<number, number[]>();
  for (const shift of shifts)
    if (shift.employee_id !== null)
      hours.set(shift.employee_id, [...(hours.get(shift.employee_id) ?? []), shift.hours]);
  const days = weekStart ? Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)) : [];
  const away = new Map<number, Set<string>>();
  for (const vacation of vacations)
    for (const day of days)
      if (vacation.start_date <= day && day <= vacation.end_date)
        away.set(vacation.employee_id, (away.get(vacation.employee_id) ?? new Set()).add(day));
  return employees.map((employee) => {
    const scheduled = sumHours(hours.get(employee.id) ?? []);
    const target = targets.has(employee.id)
      ? targets.get(employee.id)!
      : employee.is_hourly
        ? null
        : employee.weekly_hours;
    const { remaining_hours, status } = weekStatus(target, scheduled);
    const vacationDays = days.filter((day) => away.get(employee.id)?.has(day));
    // A weekly entry touching the week on none of its days is not shown (docs/PRODUCT-RULES.md §35.8).
    const unavailable = unavailability.filter(
      (entry) => entry.employee_id === employee.id && days.some((day) => coversDay(entry, day)),
    );
    return {
      employee,
      scheduled,
      target,
      remaining: remaining_hours,
      status,
      vacationDays,
      unavailability: unavailable,
    };
  });
}

/** Whether the employee has an approved vacation on the day (among the vacations the planner has loaded). */
export function onVacation(vacations: VacationDto[], employeeId: number, date: string): boolean {
  return vacations.some((v) => v.employee_id === employeeId && v.start_date <= date && date <= v.end_date);
}

/**
 * The days of the week an unavailability entry covers, as `weekdayRuns` names them, plus its window; a weekly entry
 * (docs/PRODUCT-RULES.md §35.8) says so: "jeden Mo 00:00–12:00".
 */
export function unavailabilityLabel(entry: UnavailabilityDto, weekStart: string): string {
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).filter((day) => coversDay(entry, day));
  const window = entry.start_time && entry.end_time ? ` ${entry.start_time}–${entry.end_time}` : "";
  return `${entry.weekday === null ? "" : "jeden "}${weekdayRuns(days, weekStart)}${window}`;
}

/**
 * Days of a week as short weekdays, runs joined: "Mo–Mi, Fr", a single day "Do". `days` are dates of the week
 * starting at `weekStart`, in order.
 */
export function weekdayRuns(days: string[], weekStart: string): string {
  const positions = days.map((day) => daysBetween(weekStart, day));
  const runs: [number, number][] = [];
  for (const position of positions) {
    const last = runs.at(-1);
    if (last && position === last[1] + 1) last[1] = position;
    else runs.push([position, position]);
  }
  return runs
    .map(([from, to]) => (from === to ? WEEKDAYS_SHORT[from] : `${WEEKDAYS_SHORT[from]}–${WEEKDAYS_SHORT[to]}`))
    .join(", ");
}

/** The findings by the shift they belong to. */
export function findingsByShift(findings: FindingDto[]): Map<number, FindingDto[]> {
  const byShift = new Map<number, FindingDto[]>();
  for (const finding of findings) byShift.set(finding.shift_id, [...(byShift.get(finding.shift_id) ?? []), finding]);
  return byShift;
}

/**
 * Where the planner names a holiday (docs/PRODUCT-RULES.md §22): in the day's header when it applies to every
 * active location, otherwise in the cells of the locations it applies to ("locationId|date").
 */
export function holidayPlaces(
  holidays: HolidayDto[],
  activeLocationIds: number[],
): { byDay: Map<string, string[]>; byCell: Map<string, string[]> } {
  const byDay = new Map<string, string[]>();
  const byCell = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, name: string) => map.set(key, [...(map.get(key) ?? []), name]);
  for (const holiday of holidays) {
    const applies = new Set(holiday.location_ids);
    if (activeLocationIds.every((id) => applies.has(id))) add(byDay, holiday.date, holiday.name);
    else for (const id of holiday.location_ids) add(byCell, `${id}|${holiday.date}`, holiday.name);
  }
  return { byDay, byCell };
}

/** Shifts by "locationId|date", each cell sorted by start time (the API sorts by date and start). */
export function cells(shifts: ShiftDto[]): Map<string, ShiftDto[]> {
  const byCell = new Map<string, ShiftDto[]>();
  for (const shift of shifts) {
    const key = `${shift.location_id}|${shift.shift_date}`;
    byCell.set(key, [...(byCell.get(key) ?? []), shift]);
  }
  return byCell;
}

/**
 * The grid's rows: active locations, plus archived ones that still have
 * shifts this week (their past must stay visible).
 */
export function rows(locations: LocationDto[], shifts: ShiftDto[]): LocationDto[] {
  const known = new Set(locations.map((location) => location.id));
  const extra = new Map<number, LocationDto>();
  for (const shift of shifts) {
    if (!known.has(shift.location_id))
      extra.set(shift.location_id, {
        id: shift.location_id,
        name: shift.location_name,
        color: shift.location_color,
        address: null,
        holiday_region: null,
        swap_needs_approval: true,
        presets: [],
      });
  }
  return [...locations, ...extra.values()];
}

/** The applications of the week's open shifts by shift id, oldest first as the server sends them (§26.5). */
export function applicationsByShift(applications: WeekApplicationDto[]): Map<number, WeekApplicationDto[]> {
  const byShift = new Map<number, WeekApplicationDto[]>();
  for (const application of applications)
    byShift.set(application.shift_id, [...(byShift.get(application.shift_id) ?? []), application]);
  return byShift;
}

/** A row of the planner's view by employee (docs/PRODUCT-RULES.md §27.4); `locationIds`: Einsatzorte (§28.1). */
export type EmployeeRow = {
  id: number;
  name: string;
  hours: number;
  /** The week's target (docs/PRODUCT-RULES.md §31.1); null for the hourly paid and archived rows. */
  targetHours: number | null;
  archived: boolean;
  locationIds: number[];
  /** A colleague of a linked staff member: name and shifts only, no hours against a contract (§31.2). */
  colleague?: true;
};

/**
 * The rows of the view by employee: the active employees with the week's hours against its target (none for
 * the hourly paid), plus archived ones who still have shifts this week (their past stays visible, as in `rows`).
 */
export function employeeRows(
  entries: EmployeeAvailability[],
  shifts: ShiftDto[],
  listed?: VisibleEmployee[],
): EmployeeRow[] {
  const fullRow = ({ employee, scheduled, target }: EmployeeAvailability): EmployeeRow => ({
    id: employee.id,
    name: `${employee.first_name} ${employee.last_name}`,
    hours: scheduled,
    targetHours: target,
    archived: false,
    locationIds: employee.location_ids,
  });
  // `listed`: the employees' answer in its order, where a linked staff member's colleagues come by name only
  // (docs/PRODUCT-RULES.md §31.2): their rows carry no hours against a contract.
  const byId = new Map(entries.map((entry) => [entry.employee.id, entry]));
  const rows: EmployeeRow[] = listed
    ? listed.flatMap((employee): EmployeeRow[] => {
        const entry = byId.get(employee.id);
        if (entry) return [fullRow(entry)];
        if (isFullEmployee(employee)) return [];
        const name = `${employee.first_name} ${employee.last_name}`;
        return [
          { id: employee.id, name, hours: 0, targetHours: null, archived: false, locationIds: [], colleague: true },
        ];
      })
    : entries.map(fullRow);
  const known = new Set(rows.map((row) => row.id));
  const archived = new Map<number, EmployeeRow>();
  for (const shift of shifts) {
    if (shift.employee_id === null || known.has(shift.employee_id)) continue;
    const row = archived.get(shift.employee_id) ?? {
      id: shift.employee_id,
      name: shift.employee_name ?? "",
      hours: 0,
      targetHours: null,
      archived: true,
      locationIds: [],
    };
    archived.set(shift.employee_id, { ...row, hours: sumHours([row.hours, shift.hours]) });
  }
  return [...rows, ...archived.values()];
}

/** Shifts by "employeeId|date" ("open|date" for open shifts), each cell sorted by start time as the API sends them. */
export function shiftsByEmployeeDay(shifts: ShiftDto[]): Map<string, ShiftDto[]> {
  const byCell = new Map<string, ShiftDto[]>();
  for (const shift of shifts) {
    const key = `${shift.employee_id ?? "open"}|${shift.shift_date}`;
    byCell.set(key, [...(byCell.get(key) ?? []), shift]);
  }
  return byCell;
}
