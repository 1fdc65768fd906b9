import { describe, expect, test } from "vitest";
import { crossesMidnight, formatHours, normalizeTime, parseTime, shiftHours, sumHours } from "./hours";

describe("shiftHours", () => {
  test("a day shift", () => {
    expect(shiftHours("09:00", "17:00")).toBe(8);
    expect(shiftHours("09:15", "13:45")).toBe(4.5);
  });

  test("end at or before start crosses midnight", () => {
    expect(shiftHours("22:00", "06:00")).toBe(8);
    expect(shiftHours("18:00", "00:00")).toBe(6);
    expect(shiftHours("00:30", "00:00")).toBe(23.5);
    expect(crossesMidnight("22:00", "06:00")).toBe(true);
    expect(crossesMidnight("09:00", "17:00")).toBe(false);
  });

  test("start equal to end, and impossible times, are no shift", () => {
    expect(shiftHours("00:00", "00:00")).toBeNull();
    expect(shiftHours("09:00", "09:00:30")).toBeNull();
    expect(shiftHours("25:00", "06:00")).toBeNull();
    expect(shiftHours("09:60", "10:00")).toBeNull();
  });

  test("seconds are accepted and ignored", () => {
    expect(shiftHours("09:00:00", "17:00:00")).toBe(8);
    expect(normalizeTime("09:00:59")).toBe("09:00");
    expect(normalizeTime("9:00")).toBeNull();
    expect(parseTime("23:59")).toBe(1439);
  });
});

test("hours are shown with one decimal, Swiss style", () => {
  expect(formatHours(8)).toBe("8.0");
  expect(formatHours(8.25)).toMatch(/^8\.[23]$/);
  expect(sumHours([0.1, 0.2])).toBe(0.3);
});
