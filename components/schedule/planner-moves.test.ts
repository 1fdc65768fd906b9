import { describe, expect, test } from "vitest";
import {
  changesSomething,
  dayLabel,
  foreignLocationRefusal,
  movedInput,
  moveMessage,
  optimisticShift,
  pendingAfter,
  savedToast,
  shiftName,
  shiftsShown,
  weekDays,
  withShift,
  type PendingMoves,
  type PlanMove,
} from "./planner-moves";
import { employeeDto, locationDto, shiftDto } from "./test-data";

const ANNA = employeeDto(1, "Anna", "Muster", { location_ids: [1] });
const BEN = employeeDto(2, "Ben", "Keller", { location_ids: [2] });
const CARLA = employeeDto(3, "Carla", "Rossi"); // no Einsatzorte: every location
const lookup = {
  employees: [ANNA, BEN, CARLA],
  locations: [locationDto(1, "Altstadt"), locationDto(2, "Bahnhof", "#0000FF")],
};
const annas = shiftDto(10, { employee_id: 1, employee_name: "Anna Muster" });

describe("a move's result", () => {
  test("keeps what the target leaves out, the times always; a drop on the own cell changes nothing", () => {
    const toBahnhof: PlanMove = { kind: "move", shift: annas, target: { date: "2026-11-24", locationId: 2 } };
    expect(movedInput(toBahnhof)).toMatchObject({
      employee_id: 1,
      location_id: 2,
      shift_date: "2026-11-24",
      start_time: "08:00",
      end_time: "16:00",
      break_minutes: 30,
    });
    expect(
      movedInput({ kind: "move", shift: annas, target: { date: annas.shift_date, employeeId: null } }),
    ).toMatchObject({ employee_id: null, location_id: 1 });
    expect(changesSomething({ kind: "move", shift: annas, target: { date: annas.shift_date, locationId: 1 } })).toBe(
      false,
    );
    // A copy onto its own cell is a second shift.
    expect(changesSomething({ kind: "copy", shift: annas, target: { date: annas.shift_date } })).toBe(true);
    expect(changesSomething(toBahnhof)).toBe(true);
  });

  test("is shown at once with the new names and colour; a copy with its temporary id", () => {
    const shown = optimisticShift(
      { kind: "move", shift: annas, target: { date: "2026-11-24", locationId: 2 } },
      lookup,
      -1,
    );
    expect(shown).toMatchObject({
      id: 10,
      location_name: "Bahnhof",
      location_color: "#0000FF",
      employee_name: "Anna Muster",
    });
    const copied = optimisticShift(
      { kind: "copy", shift: annas, target: { date: "2026-11-24", employeeId: 3 } },
      lookup,
      -7,
    );
    expect(copied).toMatchObject({ id: -7, employee_id: 3, employee_name: "Carla Rossi", shift_date: "2026-11-24" });
    const opened = optimisticShift(
      { kind: "move", shift: annas, target: { date: "2026-11-23", employeeId: null } },
      lookup,
      -8,
    );
    expect(opened).toMatchObject({ employee_id: null, employee_name: null });
  });
});

describe("Einsatzorte (docs/PRODUCT-RULES.md §28.1): one check for every path that gives a shift to someone", () => {
  test("an employee dropped on a chip, a chip dropped in another person's row, the menu's choice", () => {
    const open = shiftDto(11, { location_id: 2, location_name: "Bahnhof" });
    const refusal = "Anna Muster arbeitet nicht am Standort Bahnhof: nicht zugewiesen.";
    expect(foreignLocationRefusal({ kind: "assign", shift: open, employee: ANNA }, lookup)).toBe(refusal);
    expect(foreignLocationRefusal({ kind: "assign", shift: open, employee: BEN }, lookup)).toBeNull();
    // The view by employee: a drag (or "Verschieben") into Anna's row.
    const bens = shiftDto(12, { employee_id: 2, location_id: 2, location_name: "Bahnhof" });
    expect(
      foreignLocationRefusal({ kind: "move", shift: bens, target: { date: "2026-11-24", employeeId: 1 } }, lookup),
    ).toBe(refusal);
    expect(
      foreignLocationRefusal({ kind: "copy", shift: bens, target: { date: "2026-11-24", employeeId: 1 } }, lookup),
    ).toBe(refusal);
    expect(
      foreignLocationRefusal({ kind: "move", shift: bens, target: { date: "2026-11-24", employeeId: 3 } }, lookup),
    ).toBeNull();
  });

  test("a move that keeps the person, opens the shift or names someone not loaded is not refused", () => {
    // Ben keeps his shift on another day; an old assignment outside his Einsatzorte is not this check's business.
    const foreign = shiftDto(13, { employee_id: 2, location_id: 1 });
    expect(foreignLocationRefusal({ kind: "move", shift: foreign, target: { date: "2026-11-25" } }, lookup)).toBeNull();
    expect(
      foreignLocationRefusal(
        { kind: "move", shift: foreign, target: { date: "2026-11-25", employeeId: null } },
        lookup,
      ),
    ).toBeNull();
    expect(
      foreignLocationRefusal({ kind: "move", shift: foreign, target: { date: "2026-11-25", employeeId: 99 } }, lookup),
    ).toBeNull();
  });
});

describe("pending moves on top of the loaded week", () => {
  const base = { shifts: [annas, shiftDto(20, { shift_date: "2026-11-25" })] };
  const move: PlanMove = { kind: "move", shift: annas, target: { date: "2026-11-26" } };
  const shown = optimisticShift(move, lookup, -1);

  test("a move is shown at once, replaced by the answer, and put back when refused", () => {
    let pending: PendingMoves<typeof base> = null;
    expect(shiftsShown(pending, base, base.shifts)).toBe(base.shifts);
    pending = pendingAfter(pending, base, base.shifts, move, shown, { stage: "shown" });
    expect(shiftsShown(pending, base, base.shifts).map((s) => [s.id, s.shift_date])).toEqual([
      [20, "2026-11-25"],
      [10, "2026-11-26"],
    ]);
    const saved = { ...shown, hours: 7 };
    const answered = pendingAfter(pending, base, base.shifts, move, shown, { stage: "saved", saved });
    expect(shiftsShown(answered, base, base.shifts).find((s) => s.id === 10)?.hours).toBe(7);
    const refused = pendingAfter(pending, base, base.shifts, move, shown, { stage: "refused" });
    expect(shiftsShown(refused, base, base.shifts)).toEqual(base.shifts);
  });

  test("a copy joins the week under its temporary id, then the saved id; a refused copy goes", () => {
    const copy: PlanMove = { kind: "copy", shift: annas, target: { date: "2026-11-23" } };
    const temporary = optimisticShift(copy, lookup, -5);
    const pending = pendingAfter(null, base, base.shifts, copy, temporary, { stage: "shown" });
    expect(shiftsShown(pending, base, base.shifts).map((s) => s.id)).toEqual([-5, 10, 20]);
    const saved = pendingAfter(pending, base, base.shifts, copy, temporary, {
      stage: "saved",
      saved: { ...temporary, id: 30 },
    });
    expect(shiftsShown(saved, base, base.shifts).map((s) => s.id)).toEqual([10, 30, 20]);
    const refused = pendingAfter(pending, base, base.shifts, copy, temporary, { stage: "refused" });
    expect(shiftsShown(refused, base, base.shifts).map((s) => s.id)).toEqual([10, 20]);
  });

  test("a new load of the week drops the pending moves", () => {
    const pending = pendingAfter(null, base, base.shifts, move, shown, { stage: "shown" });
    const reloaded = { shifts: [shiftDto(20, { shift_date: "2026-11-25" })] };
    expect(shiftsShown(pending, reloaded, reloaded.shifts)).toBe(reloaded.shifts);
    // A step of an older move lands on the new week's shifts, not on the old list.
    const late = pendingAfter(pending, reloaded, reloaded.shifts, move, shown, { stage: "refused" });
    expect(shiftsShown(late, reloaded, reloaded.shifts).map((s) => s.id)).toEqual([10, 20]);
  });
});

describe("texts and days", () => {
  test("names of shifts and days, toasts", () => {
    expect(weekDays("2026-11-23")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(dayLabel("2026-11-24", "2026-11-23")).toBe("Di 24.11.");
    expect(shiftName(annas, "2026-11-23")).toBe("Schicht von Anna M., Mo 08:00–16:00");
    expect(shiftName(shiftDto(1), "2026-11-23")).toBe("Offene Schicht, Mo 08:00–16:00");
    expect(moveMessage({ kind: "assign", shift: annas, employee: CARLA })).toBe("Carla Rossi zugewiesen");
    expect(moveMessage({ kind: "copy", shift: annas, target: { date: "2026-11-23" } })).toBe("Schicht kopiert");
    expect(savedToast("Schicht erstellt!", [])).toBe("Schicht erstellt!");
    expect(savedToast("Schicht erstellt!", [{ message: "Ruhezeit" }])).toBe("Schicht erstellt! 1 Hinweis: Ruhezeit");
    expect(savedToast("Schicht erstellt!", [{ message: "a" }, { message: "b" }])).toBe(
      "Schicht erstellt! 2 Hinweise, siehe Wochenplan",
    );
  });

  test("withShift keeps the API's order: date, start, id", () => {
    const late = shiftDto(5, { start_time: "12:00" });
    const early = shiftDto(6, { start_time: "07:00" });
    expect(withShift([late], early).map((s) => s.id)).toEqual([6, 5]);
    expect(withShift([late, early], { ...early, shift_date: "2026-11-22" }).map((s) => s.id)).toEqual([6, 5]);
  });

  test("withShift puts a moved shift in its place among the rest, ties by id, a copy's negative id first", () => {
    const week = [
      shiftDto(1, { shift_date: "2026-11-23", start_time: "07:00" }),
      shiftDto(2, { shift_date: "2026-11-23", start_time: "12:00" }),
      shiftDto(3, { shift_date: "2026-11-24", start_time: "07:00" }),
      shiftDto(4, { shift_date: "2026-11-25", start_time: "06:00" }),
    ];
    const moved = { ...week[0], shift_date: "2026-11-24", start_time: "07:00" };
    expect(withShift(week, moved).map((s) => s.id)).toEqual([2, 1, 3, 4]);
    expect(withShift(week, { ...week[3], shift_date: "2026-11-30" }).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(withShift(week, { ...week[1], id: -1 }, -1).map((s) => s.id)).toEqual([1, -1, 2, 3, 4]);
    // The list it was given is left as it was.
    expect(week.map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});
