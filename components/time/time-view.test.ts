import { describe, expect, it } from "vitest";
import {
  describeSnapshot,
  entryInstants,
  formatDifference,
  formatMinutes,
  formOfEntry,
  instantAt,
  monthsOf,
  parseSignedHours,
} from "./time-view";

const ZONE = "Europe/Zurich";

describe("the timesheet's hours", () => {
  it("reads minutes as h:mm and the difference with its sign", () => {
    expect(formatMinutes(450)).toBe("7:30");
    expect(formatMinutes(5)).toBe("0:05");
    expect(formatDifference(30)).toBe("+0:30");
    expect(formatDifference(-75)).toBe("−1:15");
    expect(formatDifference(0)).toBe("±0:00");
  });

  it("reads a balance typed as h:mm or as hours with a decimal comma, with its sign", () => {
    expect(parseSignedHours("12:30")).toBe(750);
    expect(parseSignedHours(" +12:30 ")).toBe(750);
    expect(parseSignedHours("-3:15")).toBe(-195);
    expect(parseSignedHours("−0:45")).toBe(-45); // the table's own minus, copied
    expect(parseSignedHours("0:00")).toBe(0);
    expect(parseSignedHours("12,5")).toBe(750);
    expect(parseSignedHours("-0,75")).toBe(-45);
    expect(parseSignedHours("7")).toBe(420);
    expect(parseSignedHours("")).toBeNull();
    for (const bad of ["12:75", "1:2", "abc", "1:30 h", "--1:00", "1,5:00"])
      expect(parseSignedHours(bad), bad).toBeNaN();
  });

  it("lists the months a week touches", () => {
    expect(monthsOf("2026-10-26", "2026-11-01")).toEqual(["2026-10", "2026-11"]);
    expect(monthsOf("2026-12-28", "2027-01-03")).toEqual(["2026-12", "2027-01"]);
  });
});

describe("wall-clock times of the business sent as instants", () => {
  it("turns a winter and a summer time into UTC", () => {
    expect(instantAt(ZONE, "2026-11-02", "08:00")).toBe("2026-11-02T07:00:00.000Z");
    expect(instantAt(ZONE, "2026-07-02", "08:00")).toBe("2026-07-02T06:00:00.000Z");
  });

  it("puts an end at or before the start on the next day (a night), and a break after midnight too", () => {
    const night = entryInstants(ZONE, {
      date: "2026-11-06",
      start: "22:00",
      end: "06:00",
      breaks: [
        { start: "23:30", end: "00:15" },
        { start: "02:00", end: "02:30" },
      ],
    });
    expect(night).toEqual({
      start_at: "2026-11-06T21:00:00.000Z",
      end_at: "2026-11-07T05:00:00.000Z",
      breaks: [
        { start_at: "2026-11-06T22:30:00.000Z", end_at: "2026-11-06T23:15:00.000Z" },
        { start_at: "2026-11-07T01:00:00.000Z", end_at: "2026-11-07T01:30:00.000Z" },
      ],
    });
  });

  it("counts the real night when the clocks go back", () => {
    const { start_at, end_at } = entryInstants(ZONE, {
      date: "2026-10-24",
      start: "22:00",
      end: "06:00",
      breaks: [],
    });
    expect((Date.parse(end_at) - Date.parse(start_at)) / 3_600_000).toBe(9);
  });

  it("leaves an incomplete time as typed, for the API's schema to name the field", () => {
    const sent = entryInstants(ZONE, { date: "2026-11-02", start: "08:00", end: "", breaks: [{ start: "", end: "" }] });
    expect(sent.end_at).toBe("");
    expect(sent.breaks).toEqual([]);
  });

  it("reads an entry back into the form's wall-clock times", () => {
    const form = formOfEntry(ZONE, 7, {
      location_id: 3,
      start_at: "2026-11-06T21:00:00Z",
      end_at: "2026-11-07T05:00:00Z",
      breaks: [{ start_at: "2026-11-07T01:00:00Z", end_at: "2026-11-07T01:30:00Z" }],
      note: null,
    });
    expect(form).toMatchObject({
      employee_id: "7",
      location_id: "3",
      date: "2026-11-06",
      start: "22:00",
      end: "06:00",
      breaks: [{ start: "02:00", end: "02:30" }],
      reason: "",
    });
    expect(entryInstants(ZONE, form)).toMatchObject({ end_at: "2026-11-07T05:00:00.000Z" });
  });
});

describe("a revision in words", () => {
  it("names day, times, break, location and status", () => {
    expect(
      describeSnapshot(ZONE, {
        start_at: "2026-11-02T07:00:00Z",
        end_at: "2026-11-02T15:30:00Z",
        break_minutes: 30,
        location_name: "Altstadt",
        status: "recorded",
      }),
    ).toBe("02.11.2026 08:00–16:30 · Pause 0:30 · Altstadt · offen");
    expect(describeSnapshot(ZONE, null)).toBe("—");
  });
});
