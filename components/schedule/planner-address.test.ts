import { expect, test } from "vitest";
import { plannerWeek } from "@/lib/client/planner-week";
import { mondayOf } from "@/lib/shared/dates";
import { addressView, plannerSearch } from "./planner-address";

test("the view is read from the address; anything else names none", () => {
  expect(addressView("?week=2026-11-23&view=employees")).toBe("employees");
  expect(addressView("?view=locations")).toBe("locations");
  expect(addressView("?week=2026-11-23")).toBeNull();
  expect(addressView("?view=tabelle")).toBeNull();
  expect(addressView("")).toBeNull();
});

test("the address names the week and the view by employee; the view by location goes unwritten", () => {
  expect(plannerSearch("", { week: "2026-11-23", view: "locations" })).toBe("?week=2026-11-23");
  expect(plannerSearch("", { week: "2026-11-23", view: "employees" })).toBe("?week=2026-11-23&view=employees");
  expect(plannerSearch("?week=2026-11-23&view=employees", { view: "locations" })).toBe("?week=2026-11-23");
  expect(plannerSearch("?week=2026-11-23", { week: "2026-11-30", view: "employees" })).toBe(
    "?week=2026-11-30&view=employees",
  );
  // An address without a week keeps naming none (it shows this week, whenever it is opened).
  expect(plannerSearch("", { view: "employees" })).toBe("?view=employees");
  expect(plannerSearch("?view=employees", { view: "locations" })).toBe("");
});

test("the page head's week reader still finds the week beside the view", () => {
  const search = plannerSearch("", { week: "2020-03-04", view: "employees" });
  expect(plannerWeek(search, "2026-11-27", mondayOf)).toBe("2020-03-02");
});

test("a message's ?date= opens the week of that day; a week written replaces it", () => {
  expect(plannerWeek("?date=2026-12-12", "2026-11-27", mondayOf)).toBe("2026-12-07");
  expect(plannerWeek("?week=2026-11-23&date=2026-12-12", "2026-11-27", mondayOf)).toBe("2026-11-23");
  expect(plannerWeek("?date=2026-02-30", "2026-11-27", mondayOf)).toBe("2026-11-23");
  expect(plannerSearch("?date=2026-12-12", { week: "2026-12-07", view: "locations" })).toBe("?week=2026-12-07");
});
