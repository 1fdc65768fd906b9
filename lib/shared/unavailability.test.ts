import { describe, expect, test } from "vitest";
import { coversDay } from "./unavailability";
import { firstDay, unavailabilityPeriod } from "./unavailability-text";

describe("the days an unavailability entry covers (docs/PRODUCT-RULES.md §35.8)", () => {
  const weekly = { start_date: "2026-12-02", end_date: null, weekday: 1 };

  test("a weekly entry covers its weekday from the start date on, without end", () => {
    expect(coversDay(weekly, "2026-11-30")).toBe(false); // a Monday before the start
    expect(coversDay(weekly, "2026-12-07")).toBe(true);
    expect(coversDay(weekly, "2026-12-08")).toBe(false);
    expect(coversDay(weekly, "2031-03-03")).toBe(true);
    expect(firstDay(weekly)).toBe("2026-12-07");
  });

  test("an end date ends it; no weekday covers every day as before", () => {
    expect(coversDay({ ...weekly, end_date: "2026-12-13" }, "2026-12-14")).toBe(false);
    const daily = { start_date: "2026-12-02", end_date: "2026-12-03", weekday: null };
    expect(["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((d) => coversDay(daily, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  test("in words", () => {
    expect(unavailabilityPeriod(weekly)).toBe("Jeden Montag ab 07.12.2026");
    expect(unavailabilityPeriod({ ...weekly, end_date: "2026-12-28" })).toBe("Jeden Montag, 07.12.2026 – 28.12.2026");
    expect(unavailabilityPeriod({ start_date: "2026-05-15", end_date: "2026-05-15", weekday: null })).toBe(
      "Fr 15.05.2026",
    );
    expect(unavailabilityPeriod({ start_date: "2026-05-11", end_date: "2026-05-13", weekday: null })).toBe(
      "Mo 11.05.2026 – Mi 13.05.2026",
    );
  });
});
