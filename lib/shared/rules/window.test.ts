import { expect, test } from "vitest";
import { RULES_WINDOW_DAYS, windowFor } from "./window";

test("the window: 7 days either way, which always covers the range's whole weeks", () => {
  expect(RULES_WINDOW_DAYS).toBe(7);
  // Wednesday to Thursday: Monday 30.11. and Sunday 06.12. lie inside the 7 days.
  expect(windowFor({ start_date: "2026-12-02", end_date: "2026-12-03" })).toEqual({
    start_date: "2026-11-25",
    end_date: "2026-12-10",
  });
  expect(windowFor({ start_date: "2026-11-30", end_date: "2026-12-06" })).toEqual({
    start_date: "2026-11-23",
    end_date: "2026-12-13",
  });
  expect(windowFor({ start_date: "2026-12-31", end_date: "2026-12-31" })).toEqual({
    start_date: "2026-12-24",
    end_date: "2027-01-07",
  });
});
