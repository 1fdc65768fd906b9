import fc from "fast-check";
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

describe("formatHours", () => {
  const intl = new Intl.NumberFormat("de-CH", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  test("one decimal, rounded half away from zero, thousands apart", () => {
    expect(formatHours(8.5)).toBe("8.5");
    expect(formatHours(0)).toBe("0.0");
    expect(formatHours(0.15)).toBe(intl.format(0.15));
    expect(formatHours(-2)).toBe("-2.0");
    expect(formatHours(1234.56)).toBe(intl.format(1234.56));
    expect(formatHours(12345678.95)).toBe(intl.format(12345678.95));
  });

  test("the same text as Intl.NumberFormat de-CH for any number", () => {
    const samples = [
      -0,
      -0.04,
      0.05,
      0.25,
      1.45,
      2.675,
      999.95,
      999999.95,
      1e14,
      1e21,
      1e-7,
      NaN,
      Infinity,
      -Infinity,
      16.67,
      8.33,
    ];
    for (const value of samples) expect(formatHours(value), String(value)).toBe(intl.format(value));
    // Every two-decimal value up to ±2000 h: the half-way cases (x.x5) included.
    for (let k = -200_000; k <= 200_000; k++)
      if (formatHours(k / 100) !== intl.format(k / 100))
        expect(formatHours(k / 100), String(k / 100)).toBe(intl.format(k / 100));
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (value) => formatHours(value) === intl.format(value)),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (n, d) => formatHours(n / d) === intl.format(n / d),
      ),
      { numRuns: 20_000 },
    );
  });
});
