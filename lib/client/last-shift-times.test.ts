import { describe, expect, test } from "vitest";
import { readLastShiftTimes, rememberShiftTimes } from "./last-shift-times";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
  };
}

describe("the shift dialog's memory of the last times per location (PRODUCT-RULES §27.1)", () => {
  test("remembers per location and reads back what was saved", () => {
    const storage = memoryStorage();
    rememberShiftTimes(7, { start_time: "06:00", end_time: "14:00", break_minutes: 30 }, storage);
    rememberShiftTimes(8, { start_time: "22:00", end_time: "06:00", break_minutes: 0 }, storage);
    expect(readLastShiftTimes(7, storage)).toEqual({ start_time: "06:00", end_time: "14:00", break_minutes: 30 });
    expect(readLastShiftTimes(8, storage)).toEqual({ start_time: "22:00", end_time: "06:00", break_minutes: 0 });
    expect(readLastShiftTimes(9, storage)).toBeNull();
    expect(storage.items.get("shift-times:7")).toBe('{"start_time":"06:00","end_time":"14:00","break_minutes":30}');
  });

  test("anything unreadable counts as nothing remembered", () => {
    const stored = (value: string) => readLastShiftTimes(1, memoryStorage({ "shift-times:1": value }));
    expect(stored("{not json")).toBeNull();
    expect(stored('{"start_time":"25:00","end_time":"14:00","break_minutes":0}')).toBeNull();
    expect(stored('{"start_time":"08:00","end_time":"08:00","break_minutes":0}')).toBeNull();
    expect(stored('{"start_time":"08:00","end_time":"12:00","break_minutes":-5}')).toBeNull();
    expect(stored('{"start_time":"08:00","end_time":"12:00"}')).toBeNull();
    expect(stored("null")).toBeNull();
  });

  test("a storage that throws (private mode, quota) neither breaks reading nor saving", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(readLastShiftTimes(1, broken)).toBeNull();
    expect(() =>
      rememberShiftTimes(1, { start_time: "08:00", end_time: "12:00", break_minutes: 0 }, broken),
    ).not.toThrow();
  });
});
