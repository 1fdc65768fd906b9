import { describe, expect, test } from "vitest";
import {
  monthsBetween,
  lastDayOfMonth,
  addDays,
  addMonths,
  DATE_WINDOW_MESSAGE,
  eachDate,
  FIRST_WEEK_START,
  isDateInWindow,
  isIsoDate,
  isoWeekday,
  LAST_WEEK_START,
  MAX_DATE,
  MAX_EACH_DATE_DAYS,
  MAX_YEARS_SPANNED,
  MIN_DATE,
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

describe("the window and bounded loops (docs/PRODUCT-RULES.md §30.1)", () => {
  test("eachDate counts its days: a range over its maximum is refused before the loop starts", () => {
    expect(() => eachDate("2026-01-01", "2028-01-02")).toThrow(/at most 731 days/);
    expect(() => eachDate("2026-01-01", "kein Datum")).toThrow(/at most 731 days/);
    expect(eachDate("2026-01-01", addDays("2026-01-01", MAX_EACH_DATE_DAYS - 1))).toHaveLength(MAX_EACH_DATE_DAYS);
    expect(eachDate("2026-11-30", "2026-11-29")).toEqual([]);
    expect(eachDate("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    // The defect of issue 27: the day after 9999-12-31 sorts before it, and a string comparison never ended.
    expect(eachDate("9999-12-30", "9999-12-31")).toEqual(["9999-12-30", "9999-12-31"]);
    expect(eachDate("2099-12-30", "2100-01-01")).toEqual(["2099-12-30", "2099-12-31", "2100-01-01"]);
  });

  test("workingDaysByYear loops over a bounded number of years", () => {
    expect(() => workingDaysByYear("0001-01-01", "9999-12-31")).toThrow(/too many years/);
    // The window's years and the one on either side, which the server's own widening reaches; no more.
    expect(MAX_YEARS_SPANNED).toBe(102);
    expect(workingDaysByYear("1999-01-01", "2100-12-31").size).toBe(MAX_YEARS_SPANNED);
    expect(() => workingDaysByYear("1998-12-31", "2100-12-31")).toThrow(/too many years/);
    expect(workingDaysByYear("2099-12-28", "2100-01-03")).toEqual(
      new Map([
        [2099, 4],
        [2100, 1],
      ]),
    );
  });

  test("isDateInWindow: calendar dates from 2000-01-01 to 2099-12-31", () => {
    for (const inside of [MIN_DATE, MAX_DATE, "2000-02-29", "2096-02-29", "2026-11-23"])
      expect(isDateInWindow(inside), inside).toBe(true);
    for (const outside of ["1999-12-31", "2100-01-01", "9999-12-31", "0000-01-01", "+010000-01-01", "2100-02-29"])
      expect(isDateInWindow(outside), outside).toBe(false);
  });

  test("dates at the window's edges compute without leaving four-digit years", () => {
    expect(mondayOf(MAX_DATE)).toBe("2099-12-28");
    expect(addDays(mondayOf(MAX_DATE), 6)).toBe("2100-01-03");
    expect(mondayOf(MIN_DATE)).toBe("1999-12-27");
    expect(workingDays("2099-12-28", "2100-01-03")).toBe(5);
  });

  test("the first and last whole weeks in the window, where the browser's week steps stop", () => {
    expect(FIRST_WEEK_START).toBe(mondayOf(addDays(MIN_DATE, 6)));
    expect(LAST_WEEK_START).toBe(addDays(mondayOf(MAX_DATE), -7));
    expect(addDays(LAST_WEEK_START, 6) <= MAX_DATE && addDays(LAST_WEEK_START, 13) > MAX_DATE).toBe(true);
    expect(FIRST_WEEK_START >= MIN_DATE && addDays(FIRST_WEEK_START, -7) < MIN_DATE).toBe(true);
  });
});

describe("dateSchema and weekDateSchema (docs/PRODUCT-RULES.md §30.1)", async () => {
  const { dateSchema, weekDateSchema, WEEK_WINDOW_MESSAGE } = await import("./schemas/fragments");
  const message = (
    schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  test("a date outside the window has one German message; no date at all the field's own", () => {
    const schema = dateSchema("Bitte gib ein gültiges Datum ein");
    expect(schema.parse("2099-12-31T10:00:00")).toBe("2099-12-31");
    expect(schema.parse(MIN_DATE)).toBe(MIN_DATE);
    for (const outside of ["1999-12-31", "2100-01-01", "9999-12-31", "0000-01-01"])
      expect(message(schema, outside), outside).toEqual([DATE_WINDOW_MESSAGE]);
    for (const bad of ["+010000-01-01", "-000001-01-01", "2026-02-29", "2026-13-01", "31.12.2026", 20261231])
      expect(message(schema, bad), String(bad)).toEqual(["Bitte gib ein gültiges Datum ein"]);
  });

  test("weekDateSchema: the whole Monday–Sunday week lies in the window", () => {
    const schema = weekDateSchema();
    expect(schema.parse("2000-01-03")).toBe("2000-01-03");
    expect(schema.parse("2099-12-27")).toBe("2099-12-27");
    for (const partly of ["2000-01-01", "2000-01-02", "2099-12-28", "2099-12-31"])
      expect(message(schema, partly), partly).toEqual([WEEK_WINDOW_MESSAGE]);
    expect(message(schema, "2100-01-01")).toEqual([DATE_WINDOW_MESSAGE]);
  });
});

describe("months on integers", () => {
  test("monthsBetween: both ends included, across years; empty when the end is before the start", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03", "2026-03")).toEqual(["2026-03"]);
    expect(monthsBetween("2026-04", "2026-03")).toEqual([]);
  });

  test("lastDayOfMonth agrees with the calendar for every month of 1999–2101 (leap years of 2000 and 2100)", () => {
    for (const month of monthsBetween("1999-01", "2101-12"))
      expect(lastDayOfMonth(month), month).toBe(addDays(addMonths(`${month}-01`, 1), -1));
    expect(lastDayOfMonth("2000-02")).toBe("2000-02-29");
    expect(lastDayOfMonth("2100-02")).toBe("2100-02-28");
  });
});
