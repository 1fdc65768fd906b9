// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { ScheduleWeekDto } from "@/lib/shared/api-types";
import { usePlannerWeek } from "./use-planner-week";

/**
 * The planner's week and view in the address (docs/PRODUCT-RULES.md §27.4), with the hook rendered in a DOM: the
 * address, the history and local storage are jsdom's. The week's data comes through lib/client/api.ts, whose fetch
 * is stubbed at the network boundary with the answer of GET /api/schedule/week (an empty week).
 */

const PAST_MONDAY = "2026-11-09";
const NEXT_MONDAY = "2026-11-16";

const emptyWeek: ScheduleWeekDto = {
  shifts: [],
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

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      requested.push(input);
      return new Response(JSON.stringify(emptyWeek), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  localStorage.clear();
});

afterEach(() => {
  // Unmounted, so no earlier hook listens to the next test's popstate (no vitest globals: no automatic cleanup).
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens the planner at `address` (a new history entry, as a navigation would). */
function openAt(address: string) {
  window.history.pushState(null, "", address);
}

/** The history's popstate after `history.back()` (jsdom runs the traversal in a task). */
async function goBack() {
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    window.history.back();
    await popped;
  });
}

describe("usePlannerWeek", () => {
  test("reads the week and the view from the address", async () => {
    openAt(`/schedule?week=${PAST_MONDAY}&view=employees`);
    const { result } = renderHook(() => usePlannerWeek(() => {}));
    expect(result.current.weekStart).toBe(PAST_MONDAY);
    expect(result.current.view).toBe("employees");
    // The week named by the address is the one loaded.
    await waitFor(() => expect(result.current.week.data).toEqual(emptyWeek));
    expect(requested).toContain(`/api/schedule/week?start_date=${PAST_MONDAY}&end_date=2026-11-15`);
  });

  test("pushes a history entry for another week, and the browser's back restores week and view", async () => {
    openAt(`/schedule?week=${PAST_MONDAY}&view=employees`);
    const onLeave = vi.fn();
    const { result } = renderHook(() => usePlannerWeek(onLeave));
    const entries = window.history.length;

    act(() => result.current.goToWeek(NEXT_MONDAY));
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.search).toBe(`?week=${NEXT_MONDAY}&view=employees`);
    expect(result.current.weekStart).toBe(NEXT_MONDAY);
    expect(result.current.view).toBe("employees");
    expect(onLeave).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(requested).toContain(`/api/schedule/week?start_date=${NEXT_MONDAY}&end_date=2026-11-22`),
    );

    act(() => result.current.changeView("locations"));
    expect(window.location.search).toBe(`?week=${NEXT_MONDAY}`);
    expect(result.current.view).toBe("locations");

    await goBack();
    expect(window.location.search).toBe(`?week=${NEXT_MONDAY}&view=employees`);
    expect(result.current.weekStart).toBe(NEXT_MONDAY);
    expect(result.current.view).toBe("employees");

    await goBack();
    expect(window.location.search).toBe(`?week=${PAST_MONDAY}&view=employees`);
    expect(result.current.weekStart).toBe(PAST_MONDAY);
    expect(result.current.view).toBe("employees");
    expect(onLeave).toHaveBeenCalledTimes(3);
  });

  test("gives an address without a view the view stored last, and names it there without a new entry", () => {
    localStorage.setItem("schedule-view", "employees");
    openAt(`/schedule?week=${PAST_MONDAY}`);
    const entries = window.history.length;
    const { result } = renderHook(() => usePlannerWeek(() => {}));
    expect(result.current.view).toBe("employees");
    expect(result.current.weekStart).toBe(PAST_MONDAY);
    expect(window.location.search).toBe(`?week=${PAST_MONDAY}&view=employees`);
    expect(window.history.length).toBe(entries);
  });

  test("does not write the view by location into the address, and stores the view chosen", () => {
    openAt(`/schedule?week=${PAST_MONDAY}&view=employees`);
    const { result } = renderHook(() => usePlannerWeek(() => {}));

    act(() => result.current.changeView("locations"));
    expect(window.location.search).toBe(`?week=${PAST_MONDAY}`);
    expect(localStorage.getItem("schedule-view")).toBe("locations");

    act(() => result.current.goToWeek(NEXT_MONDAY));
    expect(window.location.search).toBe(`?week=${NEXT_MONDAY}`);

    act(() => result.current.changeView("employees"));
    expect(window.location.search).toBe(`?week=${NEXT_MONDAY}&view=employees`);
    expect(localStorage.getItem("schedule-view")).toBe("employees");
  });

  test("leaves an address without a view as it is when the view stored is the one by location", () => {
    localStorage.setItem("schedule-view", "locations");
    openAt(`/schedule?week=${PAST_MONDAY}`);
    const { result } = renderHook(() => usePlannerWeek(() => {}));
    expect(result.current.view).toBe("locations");
    expect(window.location.search).toBe(`?week=${PAST_MONDAY}`);
  });

  test("a message's ?date= opens that day's week and the address names the week instead, without a new entry", () => {
    openAt("/schedule?date=2026-11-12");
    const entries = window.history.length;
    const { result } = renderHook(() => usePlannerWeek(() => {}));
    expect(result.current.weekStart).toBe(PAST_MONDAY);
    expect(window.location.search).toBe(`?week=${PAST_MONDAY}`);
    expect(window.history.length).toBe(entries);
  });
});
