import { describe, expect, test } from "vitest";
import { diffPlan, type PlanShift } from "./plan-diff";

// docs/PRODUCT-RULES.md §33.3: what a publication changes, from each person's point of view.

const base: PlanShift = {
  id: 1,
  employee_id: 7,
  employee_name: "Anna Muster",
  location_id: 3,
  location_name: "Bahnhof",
  shift_date: "2043-12-07",
  start_time: "08:00",
  end_time: "12:00",
  break_minutes: 0,
  is_custom: false,
  custom_name: null,
};
const shift = (changes: Partial<PlanShift>): PlanShift => ({ ...base, ...changes });
const kinds = (diff: ReturnType<typeof diffPlan>) =>
  Object.fromEntries([...diff.byEmployee].map(([id, list]) => [id, list.map((change) => change.change)]));

describe("diffPlan", () => {
  test("unchanged: nothing to write, nobody to tell", () => {
    const diff = diffPlan([shift({})], [shift({})]);
    expect(diff).toEqual({ byEmployee: new Map(), open: [], write: [], drop: [] });
  });

  test("an open shift given to someone: added for them, removed from the open ones; and back", () => {
    const given = diffPlan([shift({ employee_id: 9 })], [shift({ employee_id: null })]);
    expect(kinds(given)).toEqual({ 9: ["added"] });
    expect(given.open.map((change) => change.change)).toEqual(["removed"]);
    expect(given).toMatchObject({ write: [1], drop: [1] });

    const freed = diffPlan([shift({ employee_id: null })], [shift({})]);
    expect(kinds(freed)).toEqual({ 7: ["removed"] });
    expect(freed.open.map((change) => change.change)).toEqual(["added"]);
  });

  test("another location is a move; a special shift's new name or a break is a change of times", () => {
    expect(kinds(diffPlan([shift({ location_id: 4 })], [shift({})]))).toEqual({ 7: ["moved"] });
    expect(kinds(diffPlan([shift({ is_custom: true, custom_name: "Inventur" })], [shift({})]))).toEqual({
      7: ["times_changed"],
    });
    expect(kinds(diffPlan([shift({ break_minutes: 30 })], [shift({})]))).toEqual({ 7: ["times_changed"] });
  });

  test("a person's changes by date and start, whatever the ids", () => {
    const diff = diffPlan(
      [shift({ id: 5, shift_date: "2043-12-09" }), shift({ id: 6, start_time: "07:00" }), shift({ id: 2 })],
      [],
    );
    expect(diff.byEmployee.get(7)!.map((change) => change.shift.id)).toEqual([6, 2, 5]);
    expect(diff.write.sort()).toEqual([2, 5, 6]);
    expect(diff.drop).toEqual([]);
  });
});
