// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { notify } from "@/lib/client/notify";
import type { Resource } from "@/lib/client/use-resource";
import type { EmployeeDto, LocationDto, SavedShift, ScheduleWeekDto, ShiftDto } from "@/lib/shared/api-types";
import { employeeDtoSchema } from "@/lib/shared/schemas/employee";
import { savedShiftSchema } from "@/lib/shared/schemas/finding";
import { locationDtoSchema } from "@/lib/shared/schemas/location";
import { scheduleWeekSchema } from "@/lib/shared/schemas/schedule";
import type { PlanMove } from "./planner-moves";
import { useOptimisticMoves } from "./use-optimistic-moves";

/**
 * The planner's optimistic move (docs/PRODUCT-RULES.md §27.2, §28.1), with the hook rendered in a DOM. It writes
 * through lib/client/api.ts; fetch is stubbed at the network boundary and answers as the API does (the JSON shapes
 * of lib/shared/api-types.ts, checked against their schemas below). The real server path is Playwright's.
 */

const zurich: LocationDto = {
  id: 1,
  name: "Zürich",
  color: "#3B82F6",
  address: null,
  holiday_region: null,
  swap_needs_approval: true,
  presets: [],
};
const bern: LocationDto = { ...zurich, id: 2, name: "Bern", color: "#EF4444" };

function employee(id: number, first_name: string, last_name: string, location_ids: number[]): EmployeeDto {
  return {
    id,
    first_name,
    last_name,
    weekly_hours: 40,
    vacation_days_total: 25,
    vacation_days_used: 0,
    vacation_days_pending: 0,
    vacation_days_remaining: 25,
    is_hourly: false,
    location_ids,
    created_at: "2026-01-05T08:00:00.000Z",
  };
}
const anna = employee(11, "Anna", "Muster", [1]);
const ben = employee(12, "Ben", "Keller", [2]);
const clara = employee(13, "Clara", "Frei", []);

const annasShift: ShiftDto = {
  id: 101,
  employee_id: anna.id,
  location_id: zurich.id,
  shift_date: "2026-11-09",
  start_time: "09:00",
  end_time: "17:00",
  break_minutes: 30,
  is_custom: false,
  custom_name: null,
  hours: 7.5,
  employee_name: "Anna Muster",
  location_name: "Zürich",
  location_color: "#3B82F6",
};
const openShift: ShiftDto = {
  ...annasShift,
  id: 102,
  employee_id: null,
  employee_name: null,
  shift_date: "2026-11-10",
};

const loadedWeek: ScheduleWeekDto = {
  shifts: [annasShift, openShift],
  warnings: [],
  vacations: [],
  unavailability: [],
  wishes: [],
  holidays: [],
  labour_rules: "CH",
  targets: [],
  applications: [],
  publication: { publishing: false, unpublished: 0, changed_shift_ids: [] },
  absences: [],
  swaps: { running: 0, marks: [] },
};

function savedAnswer(shift: ShiftDto): SavedShift {
  return { ...shift, warnings: [], change_id: "5f0c9a4e-2b7d-4c1e-9a3f-8d6e1b2c3a4f" };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fetch whose one answer the test gives when it wants (to look at the screen before it). */
function answerLater() {
  let answer!: (response: Response) => void;
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Promise<Response>((resolve) => (answer = resolve));
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, calls, answer: (response: Response) => answer(response) };
}

/** The loaded week as usePlannerWeek hands it over (its data stays the same object until a reload answers). */
function weekResource(): Resource<ScheduleWeekDto> {
  return { data: loadedWeek, dataKey: "2026-11-09", loading: false, failed: false, reload: vi.fn(async () => {}) };
}

function renderMoves(week = weekResource()) {
  const { result } = renderHook(() => useOptimisticMoves(week, [anna, ben, clara], [zurich, bern]));
  return { result, week };
}

let errors: ReturnType<typeof vi.spyOn>;
let successes: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errors = vi.spyOn(notify, "error").mockImplementation(() => {});
  successes = vi.spyOn(notify, "success").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useOptimisticMoves", () => {
  test("uses the API's real JSON shapes in these tests", () => {
    expect(() => scheduleWeekSchema.parse(loadedWeek)).not.toThrow();
    expect(() => savedShiftSchema.parse(savedAnswer(annasShift))).not.toThrow();
    for (const person of [anna, ben, clara]) expect(() => employeeDtoSchema.parse(person)).not.toThrow();
    for (const location of [zurich, bern]) expect(() => locationDtoSchema.parse(location)).not.toThrow();
  });

  test("shows a move at once, then the server's answer in its place", async () => {
    const network = answerLater();
    const { result, week } = renderMoves();
    expect(result.current.shifts).toEqual([annasShift, openShift]);

    const move: PlanMove = { kind: "move", shift: annasShift, target: { date: "2026-11-11", locationId: bern.id } };
    let done!: Promise<void>;
    act(() => {
      done = result.current.move(move);
    });

    // At once, before any request: the shift sits in its new cell, with the new location's name and colour.
    const shownAtOnce = [
      openShift,
      { ...annasShift, shift_date: "2026-11-11", location_id: 2, location_name: "Bern", location_color: "#EF4444" },
    ];
    expect(result.current.shifts).toEqual(shownAtOnce);
    // The request starts only after the next paint, so the drop's own frame does not wait for it.
    expect(network.calls).toEqual([]);
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls).toEqual([
      {
        url: "/api/shifts/101",
        method: "PUT",
        body: {
          employee_id: anna.id,
          location_id: bern.id,
          shift_date: "2026-11-11",
          start_time: "09:00",
          end_time: "17:00",
          break_minutes: 30,
          is_custom: false,
          custom_name: null,
        },
      },
    ]);
    expect(result.current.shifts).toEqual(shownAtOnce);

    // The server's answer (here with a break it changed, so its figures differ from the shown ones) replaces it.
    const saved: ShiftDto = {
      ...annasShift,
      shift_date: "2026-11-11",
      location_id: 2,
      location_name: "Bern",
      location_color: "#EF4444",
      break_minutes: 45,
      hours: 7.25,
    };
    await act(async () => {
      network.answer(json(savedAnswer(saved)));
      await done;
    });
    expect(result.current.shifts).toEqual([openShift, saved]);
    expect(successes).toHaveBeenCalledWith("Schicht verschoben", expect.anything());
    expect(errors).not.toHaveBeenCalled();
    expect(week.reload).toHaveBeenCalled();
  });

  test("shows a copy at once under a temporary id, replaced by the saved shift", async () => {
    const network = answerLater();
    const { result } = renderMoves();
    let done!: Promise<void>;
    act(() => {
      done = result.current.move({ kind: "copy", shift: annasShift, target: { date: "2026-11-12" } });
    });
    const shown = result.current.shifts;
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]).toMatchObject({ url: "/api/shifts", method: "POST" });
    expect(shown).toHaveLength(3);
    expect(shown[2]).toMatchObject({ shift_date: "2026-11-12", employee_id: anna.id });
    expect(shown[2].id).toBeLessThan(0);

    const saved: ShiftDto = { ...annasShift, id: 201, shift_date: "2026-11-12" };
    await act(async () => {
      network.answer(json(savedAnswer(saved), 201));
      await done;
    });
    expect(result.current.shifts).toEqual([annasShift, openShift, saved]);
  });

  test("puts the shift back and shows the server's German text when the move is refused", async () => {
    const network = answerLater();
    const { result, week } = renderMoves();
    let done!: Promise<void>;
    act(() => {
      done = result.current.move({
        kind: "move",
        shift: openShift,
        target: { date: "2026-11-10", employeeId: clara.id },
      });
    });
    expect(result.current.shifts).toEqual([
      annasShift,
      { ...openShift, employee_id: clara.id, employee_name: "Clara Frei" },
    ]);
    await waitFor(() => expect(network.calls).toHaveLength(1));

    const refusal = "Clara Frei arbeitet am 10.11. bereits von 08:00 bis 16:00 (Bern)";
    await act(async () => {
      network.answer(json({ error: refusal, code: "shift_overlap" }, 409));
      await done;
    });
    expect(result.current.shifts).toEqual([annasShift, openShift]);
    expect(errors).toHaveBeenCalledWith(refusal);
    expect(successes).not.toHaveBeenCalled();
    expect(week.reload).not.toHaveBeenCalled();
  });

  test("refuses a move to someone outside the shift's Einsatzorte without a request", () => {
    const network = answerLater();
    const { result } = renderMoves();
    // Refused before any await: nothing is sent (and a request, never answered here, would show at once).
    act(() => {
      void result.current.move({ kind: "move", shift: annasShift, target: { date: "2026-11-09", employeeId: ben.id } });
    });
    expect(network.fetch).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith("Ben Keller arbeitet nicht am Standort Zürich: nicht zugewiesen.");
    expect(result.current.shifts).toEqual([annasShift, openShift]);

    // An assignment from the employee panel alike.
    act(() => {
      void result.current.move({ kind: "assign", shift: openShift, employee: ben });
    });
    expect(network.fetch).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(2);
    expect(result.current.shifts).toEqual([annasShift, openShift]);
  });
});
