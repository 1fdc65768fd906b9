import { describe, expect, test } from "vitest";
import { isMonthValue, periodLabel, periodRange, samePeriod, shiftMonth } from "./periods";

describe("periodRange", () => {
  test("a week runs Monday to Sunday around any of its dates", () => {
    expect(periodRange({ kind: "week", date: "2041-02-13" })).toEqual({ start: "2041-02-11", end: "2041-02-17" });
    expect(periodRange({ kind: "week", date: "2041-02-17" })).toEqual({ start: "2041-02-11", end: "2041-02-17" });
    expect(periodRange({ kind: "week", date: "2027-01-01" })).toEqual({ start: "2026-12-28", end: "2027-01-03" });
  });

  test("a month runs from its first to its last day, leap years included", () => {
    expect(periodRange({ kind: "month", date: "2041-02-13" })).toEqual({ start: "2041-02-01", end: "2041-02-28" });
    expect(periodRange({ kind: "month", date: "2028-02-01" })).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(periodRange({ kind: "month", date: "2026-12-31" })).toEqual({ start: "2026-12-01", end: "2026-12-31" });
  });
});

test("shiftMonth crosses year ends both ways", () => {
  expect(shiftMonth("2026-01-15", -1)).toBe("2025-12-01");
  expect(shiftMonth("2026-12-15", 1)).toBe("2027-01-01");
  expect(shiftMonth("2026-05-31", 0)).toBe("2026-05-01");
});

test("periodLabel names the ISO week or the month, with the range", () => {
  expect(periodLabel({ kind: "week", date: "2041-02-13" })).toBe("KW 7 · 11.02.2041 – 17.02.2041");
  expect(periodLabel({ kind: "week", date: "2026-12-30" })).toBe("KW 53 · 28.12.2026 – 03.01.2027");
  expect(periodLabel({ kind: "month", date: "2026-03-09" })).toBe("März 2026 · 01.03.2026 – 31.03.2026");
});

test("samePeriod compares kind and range, not the picked day", () => {
  expect(samePeriod({ kind: "week", date: "2041-02-11" }, { kind: "week", date: "2041-02-16" })).toBe(true);
  expect(samePeriod({ kind: "week", date: "2041-02-11" }, { kind: "month", date: "2041-02-11" })).toBe(false);
});

test("isMonthValue accepts yyyy-MM only", () => {
  expect(isMonthValue("2041-02")).toBe(true);
  expect(isMonthValue("2041-13")).toBe(false);
  expect(isMonthValue("2041-2")).toBe(false);
  expect(isMonthValue("")).toBe(false);
});
