import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseTime } from "../hours";
import { prepareShift } from "./evaluate";
import {
  clockHoursHold,
  clockMinutes,
  datedShiftHours,
  dayNumber,
  isoOfDay,
  mondayOfDay,
  shiftInterval,
  wallTimeExists,
} from "./time";
import { ZONE } from "./test-support";

const at = (iso: string) => Date.parse(iso);
const interval = (shift_date: string, start_time: string, end_time: string, zone = ZONE) =>
  shiftInterval({ shift_date, start_time, end_time }, zone);

describe("shiftInterval", () => {
  test("a day shift in winter and in summer time", () => {
    expect(interval("2026-12-02", "08:00", "16:00")).toEqual({
      start: at("2026-12-02T07:00:00Z"),
      end: at("2026-12-02T15:00:00Z"),
    });
    expect(interval("2026-07-01", "08:00", "16:00").start).toBe(at("2026-07-01T06:00:00Z"));
  });

  test("an end at or before the start is on the next day; 00:00 is the next midnight", () => {
    expect(interval("2026-12-06", "22:00", "06:00")).toEqual({
      start: at("2026-12-06T21:00:00Z"),
      end: at("2026-12-07T05:00:00Z"),
    });
    expect(interval("2026-12-01", "16:00", "00:00").end).toBe(at("2026-12-01T23:00:00Z"));
  });

  test("a night shift over the DST change lasts one hour less or more in real time", () => {
    const spring = interval("2026-03-28", "22:00", "06:00");
    expect((spring.end - spring.start) / 3_600_000).toBe(7);
    const autumn = interval("2026-10-24", "22:00", "06:00");
    expect((autumn.end - autumn.start) / 3_600_000).toBe(9);
  });

  test("a time that does not exist moves forward by the gap (like TZDate, Temporal's compatible)", () => {
    // 29.03.2026: 02:00 → 03:00 in Europe/Zurich.
    expect(interval("2026-03-29", "02:30", "04:00").start).toBe(at("2026-03-29T01:30:00Z"));
    expect(interval("2026-03-29", "02:30", "04:00").start).toBe(new TZDate(2026, 2, 29, 2, 30, ZONE).getTime());
    // 02:00–03:00 lies wholly in the gap: empty, not negative.
    const gap = interval("2026-03-29", "02:00", "03:00");
    expect(gap.end - gap.start).toBe(0);
    expect(gap.start).toBe(at("2026-03-29T01:00:00Z"));
  });

  test("a time that occurs twice is the earlier one (summer time), unlike TZDate", () => {
    // 25.10.2026: 03:00 → 02:00; 02:00–03:00 runs from 02:00 summer time to 03:00 winter time: 2 h.
    const repeated = interval("2026-10-25", "02:00", "03:00");
    expect(repeated).toEqual({ start: at("2026-10-25T00:00:00Z"), end: at("2026-10-25T02:00:00Z") });
    expect(new TZDate(2026, 9, 25, 2, 0, ZONE).getTime()).toBe(at("2026-10-25T01:00:00Z"));
  });

  test("other zones: New York's transitions, UTC without any", () => {
    expect(interval("2026-03-08", "02:30", "04:00", "America/New_York").start).toBe(at("2026-03-08T07:30:00Z"));
    expect(interval("2026-11-01", "01:30", "02:00", "America/New_York").start).toBe(at("2026-11-01T05:30:00Z"));
    expect(interval("2026-03-29", "02:30", "03:00", "UTC").start).toBe(at("2026-03-29T02:30:00Z"));
  });

  test("seconds are ignored; a time that is not a clock time throws", () => {
    expect(interval("2026-12-02", "08:00:00", "16:00:00").start).toBe(at("2026-12-02T07:00:00Z"));
    expect(() => interval("2026-12-02", "8:00", "16:00")).toThrow(RangeError);
  });

  test("the same instants as TZDate wherever a wall time is not repeated", () => {
    const zones = ["Europe/Zurich", "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata"];
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber("2020-01-01"), max: dayNumber("2032-12-31") }),
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom(...zones),
        (day, minutes, zone) => {
          const date = isoOfDay(day);
          const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
          const ours = interval(date, time, time === "23:59" ? "00:00" : "23:59", zone).start;
          const theirs = new TZDate(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8), 0, minutes, zone);
          const repeated = new TZDate(theirs.getTime() - 3_600_000, zone).getHours() === theirs.getHours();
          return repeated || ours === theirs.getTime();
        },
      ),
      { numRuns: 3000 },
    );
  });
});

test("day numbers, their dates and the week's Monday", () => {
  expect(isoOfDay(dayNumber("2026-12-02"))).toBe("2026-12-02");
  expect(dayNumber("1970-01-01")).toBe(0);
  expect(isoOfDay(mondayOfDay(dayNumber("2026-12-06")))).toBe("2026-11-30");
  expect(isoOfDay(mondayOfDay(dayNumber("2026-11-30")))).toBe("2026-11-30");
  expect(isoOfDay(mondayOfDay(dayNumber("1969-12-31")))).toBe("1969-12-29");
});

test("day numbers count like Date.UTC, across centuries and leap days", () => {
  fc.assert(
    fc.property(fc.date({ min: new Date("1600-01-01"), max: new Date("2400-12-31"), noInvalidDate: true }), (date) => {
      const iso = date.toISOString().slice(0, 10);
      return dayNumber(iso) === Math.floor(date.getTime() / 86_400_000);
    }),
  );
  expect(dayNumber("2028-02-29") + 1).toBe(dayNumber("2028-03-01"));
  expect(dayNumber("2100-02-28") + 1).toBe(dayNumber("2100-03-01"));
});

test("clock times are read like parseTime", () => {
  const samples = ["00:00", "23:59", "24:00", "9:00", "09:60", "09:00:59", "09:00:60", "09:00:5", "ab:cd", "", "09-00"];
  for (const value of samples) expect(clockMinutes(value), value).toBe(parseTime(value));
  const clockish = fc.stringMatching(/^[0-9:]{0,9}$/);
  fc.assert(fc.property(fc.oneof(clockish, fc.string()), (value) => clockMinutes(value) === parseTime(value)));
});

describe("dated shift hours (docs/PRODUCT-RULES.md §32.5)", () => {
  const shift = (shift_date: string, start_time: string, end_time: string, break_minutes = 0) => ({
    shift_date,
    start_time,
    end_time,
    break_minutes,
  });

  test("a night over a DST change lasts its real time; the rules count the same", () => {
    expect(datedShiftHours(shift("2026-03-28", "22:00", "06:00"), ZONE)).toBe(7);
    expect(datedShiftHours(shift("2026-10-24", "22:00", "06:00", 30), ZONE)).toBe(8.5);
    expect(datedShiftHours(shift("2026-11-07", "22:00", "06:00"), ZONE)).toBe(8);
    expect(datedShiftHours(shift("2026-11-07", "08:00", "08:00"), ZONE)).toBe(0);
    for (const date of ["2026-03-28", "2026-10-24", "2026-10-25", "2026-11-07"]) {
      const prepared = prepareShift(
        { ...shift(date, "22:00", "06:00", 15), id: 1, employee_id: 1, location_id: 1, location_name: "" },
        ZONE,
      );
      expect(prepared?.netHours).toBe(datedShiftHours(shift(date, "22:00", "06:00", 15), ZONE));
    }
  });

  test("the March hour does not exist, the October hour does (twice)", () => {
    expect(wallTimeExists(ZONE, "2026-03-29", "02:00")).toBe(false);
    expect(wallTimeExists(ZONE, "2026-03-29", "02:59")).toBe(false);
    expect(wallTimeExists(ZONE, "2026-03-29", "01:59")).toBe(true);
    expect(wallTimeExists(ZONE, "2026-03-29", "03:00")).toBe(true);
    expect(wallTimeExists(ZONE, "2026-10-25", "02:30")).toBe(true);
    expect(wallTimeExists(ZONE, "2026-03-28", "02:30")).toBe(true);
  });

  // Cautious by a day or so around a change (the zone's offsets are read with margins): false only means "compute".
  test("clock hours do not hold on the day of a change and the day before it; they do days away from it", () => {
    expect(clockHoursHold(ZONE, "2026-03-25")).toBe(true);
    expect(clockHoursHold(ZONE, "2026-03-28")).toBe(false);
    expect(clockHoursHold(ZONE, "2026-03-29")).toBe(false);
    expect(clockHoursHold(ZONE, "2026-03-31")).toBe(true);
    expect(clockHoursHold(ZONE, "2026-10-24")).toBe(false);
    expect(clockHoursHold("UTC", "2026-10-24")).toBe(true);
  });

  test("where clock hours hold, the real hours are the clock's (any times, any break)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 3000 }),
        (from, to, day) => {
          fc.pre(from !== to);
          const date = isoOfDay(dayNumber("2026-01-01") + day);
          fc.pre(clockHoursHold(ZONE, date));
          const hhmm = (m: number) =>
            `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
          expect(datedShiftHours(shift(date, hhmm(from), hhmm(to)), ZONE)).toBe(
            (to > from ? to - from : to + 1440 - from) / 60,
          );
        },
      ),
    );
  });
});
