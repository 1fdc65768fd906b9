import type { EmployeeDto, LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { addDays, daysBetween } from "@/lib/shared/dates";
import { worksAtLocation } from "@/lib/shared/employee-locations";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import type { ShiftInput } from "@/lib/shared/schemas/shift";

/**
 * Where a shift goes (docs/PRODUCT-RULES.md §27.2): another day and, in the location view, another location, in the
 * employee view another employee (null: open). What is left out stays as it is; the times always do.
 */
export type MoveTarget = { date: string; locationId?: number; employeeId?: number | null };

/** A move, a copy (Ctrl or Alt held, or "Kopieren" in the menu) or an assignment from the employee panel. */
export type PlanMove =
  | { kind: "move" | "copy"; shift: ShiftDto; target: MoveTarget }
  | { kind: "assign"; shift: ShiftDto; employee: EmployeeDto };

/** The shift a move leaves behind, as PUT/POST take it: the shift's own fields with the target's changes. */
export function movedInput(move: PlanMove): ShiftInput {
  const { shift } = move;
  const target: MoveTarget =
    move.kind === "assign" ? { date: shift.shift_date, employeeId: move.employee.id } : move.target;
  return {
    employee_id: target.employeeId === undefined ? shift.employee_id : target.employeeId,
    location_id: target.locationId ?? shift.location_id,
    shift_date: target.date,
    start_time: shift.start_time,
    end_time: shift.end_time,
    break_minutes: shift.break_minutes,
    is_custom: shift.is_custom,
    custom_name: shift.is_custom ? shift.custom_name : null,
  };
}

/** Whether the move changes anything (a drop on the chip's own cell does not). */
export function changesSomething(move: PlanMove): boolean {
  const input = movedInput(move);
  const { shift } = move;
  return (
    move.kind === "copy" ||
    input.employee_id !== shift.employee_id ||
    input.location_id !== shift.location_id ||
    input.shift_date !== shift.shift_date
  );
}

/**
 * The refusal of a move that would give the shift to a person who does not work at its location (Einsatzorte,
 * docs/PRODUCT-RULES.md §28.1), null when it may go: an employee dropped on a chip, a chip dropped in another
 * person's row, the menu's choice alike. Only a new person is checked: a move that keeps the person (another day,
 * another location) or opens the shift is not. `lookup`: what the planner has loaded; a person not among it
 * (archived) is not refused here. The shift dialog's picker still assigns anyone on purpose.
 */
export function foreignLocationRefusal(
  move: PlanMove,
  lookup: { employees: readonly EmployeeDto[]; locations: readonly LocationDto[] },
): string | null {
  const input = movedInput(move);
  if (input.employee_id === null || input.employee_id === move.shift.employee_id) return null;
  const employee =
    move.kind === "assign" ? move.employee : lookup.employees.find((candidate) => candidate.id === input.employee_id);
  if (!employee || worksAtLocation(employee.location_ids, input.location_id)) return null;
  const place =
    input.location_id === move.shift.location_id
      ? move.shift.location_name
      : (lookup.locations.find((location) => location.id === input.location_id)?.name ?? move.shift.location_name);
  return `${employee.first_name} ${employee.last_name} arbeitet nicht am Standort ${place}: nicht zugewiesen.`;
}

/**
 * The shift as the planner shows it at once, before the server has answered: the new place, names and colour from
 * what the planner has loaded. A copy gets a temporary negative id (no control acts on it until the answer).
 */
export function optimisticShift(
  move: PlanMove,
  lookup: { employees: EmployeeDto[]; locations: LocationDto[] },
  temporaryId: number,
): ShiftDto {
  const input = movedInput(move);
  const { shift } = move;
  const location = lookup.locations.find((candidate) => candidate.id === input.location_id);
  const employee =
    move.kind === "assign" ? move.employee : lookup.employees.find((candidate) => candidate.id === input.employee_id);
  const employeeName =
    input.employee_id === null
      ? null
      : input.employee_id === shift.employee_id
        ? shift.employee_name
        : employee
          ? `${employee.first_name} ${employee.last_name}`
          : shift.employee_name;
  return {
    ...shift,
    id: move.kind === "copy" ? temporaryId : shift.id,
    employee_id: input.employee_id,
    employee_name: employeeName,
    location_id: input.location_id,
    location_name: location?.name ?? shift.location_name,
    location_color: location?.color ?? shift.location_color,
    shift_date: input.shift_date,
  };
}

/** The API's order of a week's shifts: by date, then start, then id. */
function shiftOrder(a: ShiftDto, b: ShiftDto): number {
  // Dates and times are ISO text ("2026-11-23", "06:30"), whose code-unit order is their order in time; a plain
  // comparison, not localeCompare, which costs a collation per call on every drop (docs/PERFORMANCE.md, P13).
  if (a.shift_date !== b.shift_date) return a.shift_date < b.shift_date ? -1 : 1;
  if (a.start_time !== b.start_time) return a.start_time < b.start_time ? -1 : 1;
  return a.id - b.id;
}

/**
 * The week's shifts with one replaced (same id) or added, ordered as the API orders them: by date and start. The
 * list comes ordered, so the shift is put in its place rather than the whole week sorted again.
 */
export function withShift(shifts: ShiftDto[], shift: ShiftDto, replacing = shift.id): ShiftDto[] {
  const rest = shifts.filter((candidate) => candidate.id !== replacing);
  const at = rest.findIndex((other) => shiftOrder(shift, other) < 0);
  if (at === -1) rest.push(shift);
  else rest.splice(at, 0, shift);
  return rest;
}

/** "Mo 23.11." for a day of the shown week. */
export function dayLabel(date: string, weekStart: string): string {
  return `${WEEKDAYS_SHORT[daysBetween(weekStart, date)] ?? ""} ${formatDayMonth(date)}`.trim();
}

/** The days Mo–So of the week starting at `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** "Schicht von Anna M., Mo 09:00–17:00" (or "Offene Schicht, …"): how announcements and menus name a shift. */
export function shiftName(shift: ShiftDto, weekStart: string): string {
  const who = shift.employee_name ? `Schicht von ${shortName(shift.employee_name)}` : "Offene Schicht";
  const day = WEEKDAYS_SHORT[daysBetween(weekStart, shift.shift_date)] ?? formatDayMonth(shift.shift_date);
  return `${who}, ${day} ${shift.start_time}–${shift.end_time}`;
}

/** "Anna Muster" → "Anna M.". */
function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return name;
  return `${parts.slice(0, -1).join(" ")} ${parts.at(-1)!.charAt(0)}.`;
}

/** The success toast of a move (docs/PRODUCT-RULES.md §27.2). */
export function moveMessage(move: PlanMove): string {
  if (move.kind === "assign") return `${move.employee.first_name} ${move.employee.last_name} zugewiesen`;
  return move.kind === "copy" ? "Schicht kopiert" : "Schicht verschoben";
}

/**
 * The success toast of a shift write (docs/PRODUCT-RULES.md §20.1): the saved shift's warnings follow it, one in
 * full, several as a count (the chips and "Hinweise" show them).
 */
export function savedToast(title: string, warnings: { message: string }[]): string {
  if (warnings.length === 0) return title;
  if (warnings.length === 1) return `${title} 1 Hinweis: ${warnings[0].message}`;
  return `${title} ${warnings.length} Hinweise, siehe Wochenplan`;
}

/**
 * Moves shown before the week is reloaded (docs/PRODUCT-RULES.md §27.2): the shifts of one loaded week (`base`, the
 * loaded data itself) with the moves applied; a new load of the week (another `base`) drops them.
 */
export type PendingMoves<B> = { base: B; shifts: ShiftDto[] } | null;

/** The shifts the planner shows: the pending ones when they sit on the week now loaded, else the loaded ones. */
export function shiftsShown<B>(pending: PendingMoves<B>, base: B | undefined, loaded: ShiftDto[]): ShiftDto[] {
  return pending && base !== undefined && pending.base === base ? pending.shifts : loaded;
}

/**
 * The stages of a move on screen: `shown` at once (a move replaces the shift, a copy joins the week with its
 * temporary id), `saved` replaces the shown one with the server's answer, `refused` puts the week back as it was.
 */
export type MoveStage = { stage: "shown" } | { stage: "saved"; saved: ShiftDto } | { stage: "refused" };

/** The pending moves after a stage of `move` (`shown`: its optimisticShift) on the week `base` with `loaded`. */
export function pendingAfter<B>(
  pending: PendingMoves<B>,
  base: B,
  loaded: ShiftDto[],
  move: PlanMove,
  shown: ShiftDto,
  stage: MoveStage,
): PendingMoves<B> {
  const list = pending?.base === base ? pending.shifts : loaded;
  switch (stage.stage) {
    case "shown":
      return { base, shifts: withShift(list, shown, move.kind === "copy" ? shown.id : move.shift.id) };
    case "saved":
      return { base, shifts: withShift(list, stage.saved, shown.id) };
    case "refused":
      return {
        base,
        shifts:
          move.kind === "copy" ? list.filter((shift) => shift.id !== shown.id) : withShift(list, move.shift, shown.id),
      };
  }
}
