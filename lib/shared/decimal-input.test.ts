import { describe, expect, test } from "vitest";
import { parseDecimalInput, requiredDecimal } from "./decimal-input";

describe("parseDecimalInput (docs/PRODUCT-RULES.md §29.4)", () => {
  test.each([
    ["32,5", 32.5],
    ["32.5", 32.5],
    [" 40 ", 40],
    ["0,5", 0.5],
    [",5", 0.5],
    ["7,", 7],
    ["-1,5", -1.5],
    ["007", 7],
  ])("%j is %d", (text, value) => {
    expect(parseDecimalInput(text)).toBe(value);
  });

  test.each(["3,2,5", "3.2.5", "3,2.5", "abc", "1e3", "32,5 h", "1'000", "--1", ",", "Infinity", "0x10"])(
    "%j is no number (NaN)",
    (text) => {
      expect(parseDecimalInput(text)).toBeNaN();
    },
  );

  test("empty and blank stay empty (null); a required field makes them NaN", () => {
    expect(parseDecimalInput("")).toBeNull();
    expect(parseDecimalInput("   ")).toBeNull();
    expect(requiredDecimal("")).toBeNaN();
    expect(requiredDecimal("32,5")).toBe(32.5);
  });
});
