import { describe, expect, test } from "vitest";
import {
  addDays,
  addMonths,
  eachDate,
  isIsoDate,
  isoWeekday,
  mondayOf,
  todayIn,
  workingDays,
  workingDaysByYear,
} from "./dates";

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

describe("weeks and working days", () => {
  test("the week starts on Monday", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23"); // Monday
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(mondayOf("2027-01-01")).toBe("2026-12-28"); // across New Year
    expect(isoWeekday("2026-11-29")).toBe(7);
  });

  test("working days are Monday to Friday, both ends included", () => {
    expect(workingDays("2026-11-23", "2026-11-27")).toBe(5);
    expect(workingDays("2026-11-23", "2026-11-29")).toBe(5);
    expect(workingDays("2026-11-28", "2026-11-29")).toBe(0);
    expect(workingDays("2026-11-27", "2026-11-30")).toBe(2);
    expect(workingDays("2026-11-01", "2026-11-30")).toBe(21);
    expect(workingDays("2026-11-30", "2026-11-23")).toBe(0);
    // brute force over a year of ranges
    for (let offset = 0; offset < 40; offset++) {
      const start = addDays("2026-01-01", offset * 9);
      const end = addDays(start, offset % 23);
      const expected = eachDate(start, end).filter((d) => isoWeekday(d) <= 5).length;
      expect(workingDays(start, end), `${start}..${end}`).toBe(expected);
    }
  });

  test("a range across New Year is split per calendar year", () => {
    expect(workingDaysByYear("2026-12-28", "2027-01-08")).toEqual(
      new Map([
        [2026, 4],
        [2027, 6],
      ]),
    );
  });
});

describe("display formats", async () => {
  const { formatDate, formatDayMonth, isoWeekNumber } = await import("./format");
  test("dd.MM.yyyy and ISO week numbers", () => {
    expect(formatDate("2026-11-23")).toBe("23.11.2026");
    expect(formatDayMonth("2026-11-23")).toBe("23.11.");
    expect(isoWeekNumber("2026-11-23")).toBe(48);
    expect(isoWeekNumber("2027-01-01")).toBe(53); // Friday: still week 53 of 2026
    expect(isoWeekNumber("2026-01-01")).toBe(1);
    expect(isoWeekNumber("2021-01-03")).toBe(53);
  });
});

test("addMonths keeps the day and clamps to the end of shorter months", () => {
  expect(addMonths("2026-11-22", 1)).toBe("2026-12-22");
  expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
  expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
  expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
});
