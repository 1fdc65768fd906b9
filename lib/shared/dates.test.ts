import { describe, expect, test } from "vitest";
import { isIsoDate, todayIn } from "./dates";

describe("isIsoDate", () => {
  test("accepts real calendar dates only", () => {
    expect(isIsoDate("2026-11-23")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("23.11.2026")).toBe(false);
    expect(isIsoDate("2026-11-23T10:00")).toBe(false);
  });
});

describe("todayIn", () => {
  test("uses the business's time zone, not the server's", () => {
    // 23:30 UTC on 22 November is already 23 November in Zurich (UTC+1).
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(todayIn("Europe/Zurich", instant)).toBe("2026-11-23");
    expect(todayIn("UTC", instant)).toBe("2026-11-22");
  });
});
