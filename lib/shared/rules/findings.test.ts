import { describe, expect, test } from "vitest";
import { findingsInRange } from "./findings";
import { CHIARA, DENIZ, HOURLY, inputWith, settingsFor, shift } from "./test-support";
import type { Finding, FindingCode, LabourRules, RuleInput } from "./types";

// 30.11.2026 is a Monday.
const WEEK = { start_date: "2026-11-30", end_date: "2026-12-06" };

function findings(partial: Partial<RuleInput> & { labourRules?: LabourRules }, range = WEEK): Finding[] {
  return findingsInRange(inputWith(partial), range);
}

const codes = (list: Finding[]) => list.map((finding) => finding.code);
const only = (list: Finding[], code: FindingCode) => list.filter((finding) => finding.code === code);

describe("overlap", () => {
  test("two shifts of one person at once: an error on each, naming the other shift", () => {
    const early = shift("2026-12-02", "08:00", "16:00");
    const late = shift("2026-12-02", "14:00", "20:00", { location_id: 2, location_name: "Bahnhof" });
    expect(findings({ shifts: [late, early], labourRules: "none" })).toEqual([
      {
        code: "overlap",
        severity: "error",
        message: "Chiara Rossi arbeitet am 02.12.2026 bereits 14:00–20:00 (Bahnhof)",
        shift_id: early.id,
        employee_id: CHIARA.id,
        related_shift_id: late.id,
      },
      {
        code: "overlap",
        severity: "error",
        message: "Chiara Rossi arbeitet am 02.12.2026 bereits 08:00–16:00 (Altstadt)",
        shift_id: late.id,
        employee_id: CHIARA.id,
        related_shift_id: early.id,
      },
    ]);
  });

  test("the night the clocks go forward: 02:00–03:00 lasts no time, 02:15–02:45 its 30 minutes", () => {
    const range = { start_date: "2026-03-23", end_date: "2026-03-29" };
    const night = shift("2026-03-28", "22:00", "06:00");
    const empty = shift("2026-03-29", "02:00", "03:00", { location_id: 2, location_name: "Bahnhof" });
    expect(only(findings({ shifts: [night, empty], labourRules: "none" }, range), "overlap")).toEqual([]);
    const half = shift("2026-03-29", "02:15", "02:45", { location_id: 2, location_name: "Bahnhof" });
    expect(only(findings({ shifts: [night, half], labourRules: "none" }, range), "overlap")).toHaveLength(2);
  });

  test("ending at 16:00 and starting at 16:00 is fine; other people do not overlap", () => {
    const shifts = [
      shift("2026-12-02", "08:00", "16:00"),
      shift("2026-12-02", "16:00", "20:00"),
      shift("2026-12-02", "09:00", "17:00", { employee_id: DENIZ.id }),
    ];
    expect(findings({ shifts, labourRules: "none" })).toEqual([]);
  });

  test("a Sunday night shift overlaps Monday's early shift across the week boundary", () => {
    const sunday = shift("2026-12-06", "22:00", "06:00");
    const monday = shift("2026-12-07", "05:00", "13:00");
    const input = { shifts: [sunday, monday], labourRules: "none" as const };
    const nextWeek = findings(input, { start_date: "2026-12-07", end_date: "2026-12-13" });
    expect(nextWeek).toMatchObject([
      { code: "overlap", shift_id: monday.id, related_shift_id: sunday.id, message: expect.stringContaining("06.12.") },
    ]);
    const thisWeek = findings(input);
    expect(thisWeek).toMatchObject([{ code: "overlap", shift_id: sunday.id, related_shift_id: monday.id }]);
    expect(thisWeek[0].message).toBe("Chiara Rossi arbeitet am 07.12.2026 bereits 05:00–13:00 (Altstadt)");
  });

  test("a shift ending at 00:00 touches, but does not overlap, one starting at midnight", () => {
    const shifts = [shift("2026-12-01", "16:00", "00:00"), shift("2026-12-02", "00:00", "06:00")];
    expect(only(findings({ shifts, labourRules: "none" }), "overlap")).toEqual([]);
  });

  test("three shifts at once: each names both others", () => {
    const shifts = [
      shift("2026-12-02", "08:00", "12:00"),
      shift("2026-12-02", "09:00", "13:00"),
      shift("2026-12-02", "10:00", "11:00"),
    ];
    expect(codes(findings({ shifts, labourRules: "none" }))).toEqual(Array(6).fill("overlap"));
  });
});

describe("vacation", () => {
  test("a shift on an approved vacation day is an error", () => {
    const onVacation = shift("2026-12-01", "08:00", "12:00", { employee_id: DENIZ.id });
    const vacations = [{ employee_id: DENIZ.id, start_date: "2026-12-01", end_date: "2026-12-04" }];
    expect(findings({ shifts: [onVacation], vacations })).toEqual([
      {
        code: "vacation",
        severity: "error",
        message: "Deniz Şahin hat am 01.12.2026 Ferien",
        shift_id: onVacation.id,
        employee_id: DENIZ.id,
      },
    ]);
  });

  test("only the shift's date counts: a night shift into the first vacation day is fine", () => {
    const shifts = [
      shift("2026-11-30", "22:00", "03:00", { employee_id: DENIZ.id }),
      shift("2026-12-05", "08:00", "12:00", { employee_id: DENIZ.id }),
    ];
    const vacations = [{ employee_id: DENIZ.id, start_date: "2026-12-01", end_date: "2026-12-04" }];
    expect(findings({ shifts, vacations })).toEqual([]);
  });

  test("another person's vacation is no concern", () => {
    const vacations = [{ employee_id: DENIZ.id, start_date: "2026-12-01", end_date: "2026-12-04" }];
    expect(findings({ shifts: [shift("2026-12-02", "08:00", "12:00")], vacations })).toEqual([]);
  });
});

describe("unavailable", () => {
  const deniz = (date: string, start: string, end: string) => shift(date, start, end, { employee_id: DENIZ.id });

  test("a whole day, and a time window overlapping the shift, are warnings", () => {
    const whole = deniz("2026-12-01", "08:00", "12:00");
    const partly = deniz("2026-12-02", "08:00", "15:00");
    const unavailability = [
      { employee_id: DENIZ.id, date: "2026-12-01", start_time: null, end_time: null },
      { employee_id: DENIZ.id, date: "2026-12-02", start_time: "14:00", end_time: "18:00" },
    ];
    expect(findings({ shifts: [whole, partly], unavailability, labourRules: "none" })).toEqual([
      {
        code: "unavailable",
        severity: "warning",
        message: "Deniz Şahin ist am 01.12.2026 nicht verfügbar",
        shift_id: whole.id,
        employee_id: DENIZ.id,
      },
      {
        code: "unavailable",
        severity: "warning",
        message: "Deniz Şahin ist am 02.12.2026 nicht verfügbar (14:00–18:00)",
        shift_id: partly.id,
        employee_id: DENIZ.id,
      },
    ]);
  });

  test("a window that only touches the shift is fine", () => {
    const unavailability = [{ employee_id: DENIZ.id, date: "2026-12-02", start_time: "14:00", end_time: "18:00" }];
    expect(findings({ shifts: [deniz("2026-12-02", "09:00", "14:00")], unavailability })).toEqual([]);
  });

  test("windows over midnight and night shifts meet in real time, also across dates", () => {
    const early = deniz("2026-12-02", "01:00", "05:00");
    const night = deniz("2026-12-03", "22:00", "06:00");
    const unavailability = [
      { employee_id: DENIZ.id, date: "2026-12-01", start_time: "22:00", end_time: "02:00" },
      { employee_id: DENIZ.id, date: "2026-12-04", start_time: "05:00", end_time: "09:00" },
    ];
    expect(findings({ shifts: [early, night], unavailability, labourRules: "none" })).toMatchObject([
      {
        code: "unavailable",
        shift_id: early.id,
        message: "Deniz Şahin ist am 01.12.2026 nicht verfügbar (22:00–02:00)",
      },
      {
        code: "unavailable",
        shift_id: night.id,
        message: "Deniz Şahin ist am 04.12.2026 nicht verfügbar (05:00–09:00)",
      },
    ]);
  });

  test("a whole day counts only for shifts dated on it", () => {
    const unavailability = [{ employee_id: DENIZ.id, date: "2026-12-02", start_time: null, end_time: null }];
    const night = deniz("2026-12-01", "22:00", "06:00");
    expect(findings({ shifts: [night], unavailability, labourRules: "none" })).toEqual([]);
  });
});

describe("rest_time", () => {
  test("CH: less than 11 h between two working days, on the later shift", () => {
    const evening = shift("2026-12-01", "18:00", "23:00");
    const morning = shift("2026-12-02", "07:00", "12:00");
    expect(findings({ shifts: [evening, morning] })).toEqual([
      {
        code: "rest_time",
        severity: "warning",
        message:
          "Chiara Rossi hat nach der Schicht am 01.12.2026 bis 23:00 (Altstadt) nur 8.0 h Ruhezeit bis 07:00" +
          " (mindestens 11 h)",
        shift_id: morning.id,
        employee_id: CHIARA.id,
        related_shift_id: evening.id,
      },
    ]);
  });

  test("a shift ending at 00:00, then 10:00: 10 h; then 11:00: enough", () => {
    const late = shift("2026-12-01", "19:00", "00:00");
    expect(findings({ shifts: [late, shift("2026-12-02", "10:00", "14:00")] })).toMatchObject([
      { code: "rest_time", message: expect.stringContaining("nur 10.0 h Ruhezeit bis 10:00") },
    ]);
    expect(findings({ shifts: [late, shift("2026-12-02", "11:00", "14:00")] })).toEqual([]);
  });

  test("across the week boundary, and after a night shift", () => {
    const sunday = shift("2026-12-06", "17:00", "22:00");
    const monday = shift("2026-12-07", "06:00", "10:00");
    const next = { start_date: "2026-12-07", end_date: "2026-12-13" };
    expect(findings({ shifts: [sunday, monday] }, next)).toMatchObject([
      { code: "rest_time", shift_id: monday.id, related_shift_id: sunday.id },
    ]);
    const night = shift("2026-12-01", "23:00", "04:00");
    const afternoon = shift("2026-12-02", "12:00", "16:00");
    expect(findings({ shifts: [night, afternoon] })).toMatchObject([
      { code: "rest_time", message: expect.stringContaining("bis 04:00 (Altstadt) nur 8.0 h Ruhezeit bis 12:00") },
    ]);
  });

  test("split shifts on one date are one working day: no rest between them", () => {
    const shifts = [shift("2026-12-02", "08:00", "13:00"), shift("2026-12-02", "17:00", "22:00")];
    expect(findings({ shifts })).toEqual([]);
  });

  test("rest is measured from the day's latest end to the next day's first start", () => {
    const shifts = [
      shift("2026-12-01", "08:00", "12:00"),
      shift("2026-12-01", "18:00", "22:00"),
      shift("2026-12-02", "12:00", "16:00"),
      shift("2026-12-02", "06:00", "10:00"),
    ];
    expect(findings({ shifts })).toMatchObject([
      { code: "rest_time", shift_id: shifts[3].id, related_shift_id: shifts[1].id },
    ]);
  });

  test("real time over the DST nights in Europe/Zurich", () => {
    // 28.03.2026 23:00 winter time → 29.03.2026 10:00 summer time: 10 h.
    const spring = [shift("2026-03-28", "18:00", "23:00"), shift("2026-03-29", "10:00", "14:00")];
    expect(findings({ shifts: spring }, { start_date: "2026-03-23", end_date: "2026-03-29" })).toMatchObject([
      { code: "rest_time", message: expect.stringContaining("nur 10.0 h Ruhezeit") },
    ]);
    // 24.10.2026 22:00 summer time → 25.10.2026 08:00 winter time: 11 h, enough.
    const autumn = [shift("2026-10-24", "17:00", "22:00"), shift("2026-10-25", "08:00", "12:00")];
    expect(findings({ shifts: autumn }, { start_date: "2026-10-19", end_date: "2026-10-25" })).toEqual([]);
  });

  test("DE checks it too, with the configured minimum; none does not", () => {
    const shifts = [shift("2026-12-01", "18:00", "23:00"), shift("2026-12-02", "07:00", "12:00")];
    expect(codes(findings({ shifts, labourRules: "DE" }))).toEqual(["rest_time"]);
    const short = inputWith({ shifts, settings: settingsFor("CH", { minRestHours: 8 }) });
    expect(findingsInRange(short, WEEK)).toEqual([]);
    expect(findings({ shifts, labourRules: "none" })).toEqual([]);
  });
});

describe("daily_max", () => {
  test("DE: more than 10 h of net work a day, on the day's last shift", () => {
    const shifts = [shift("2026-12-02", "13:00", "18:00"), shift("2026-12-02", "06:00", "12:00")];
    expect(findings({ shifts, labourRules: "DE" })).toEqual([
      {
        code: "daily_max",
        severity: "warning",
        message: "Chiara Rossi arbeitet am 02.12.2026 11.0 h (höchstens 10 h)",
        shift_id: shifts[0].id,
        employee_id: CHIARA.id,
      },
    ]);
  });

  test("DE: exactly 10 h of work is fine, breaks do not count", () => {
    expect(
      findings({ shifts: [shift("2026-12-02", "07:00", "17:00", { break_minutes: 45 })], labourRules: "DE" }),
    ).toEqual([]);
    expect(
      findings({ shifts: [shift("2026-12-02", "07:00", "18:00", { break_minutes: 60 })], labourRules: "DE" }),
    ).toEqual([]);
  });

  test("CH: first start to last end, breaks included, more than 14 h", () => {
    const shifts = [shift("2026-12-02", "06:00", "10:00"), shift("2026-12-02", "17:00", "21:00")];
    expect(findings({ shifts })).toEqual([
      {
        code: "daily_max",
        severity: "warning",
        message: "Chiara Rossi ist am 02.12.2026 von 06:00 bis 21:00 15.0 h im Einsatz (höchstens 14 h inkl. Pausen)",
        shift_id: shifts[1].id,
        employee_id: CHIARA.id,
      },
    ]);
    const fourteen = [shift("2026-12-02", "06:00", "10:00"), shift("2026-12-02", "16:00", "20:00")];
    expect(findings({ shifts: fourteen })).toEqual([]);
  });

  test("CH: a night shift's span reaches into the next day", () => {
    const shifts = [shift("2026-12-02", "08:00", "12:00"), shift("2026-12-02", "21:00", "02:00")];
    expect(codes(findings({ shifts }))).toEqual(["daily_max"]);
  });

  test("none: no daily maximum", () => {
    const shifts = [shift("2026-12-02", "06:00", "10:00"), shift("2026-12-02", "17:00", "21:00")];
    expect(findings({ shifts, labourRules: "none" })).toEqual([]);
  });
});

describe("weekly_max and overbooked", () => {
  // Monday to Friday 06:00–17:30 with an hour's break: 10.5 h a day, 52.5 h a week.
  const longWeek = (employee_id: number) =>
    ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((date) =>
      shift(date, "06:00", "17:30", { employee_id, break_minutes: 60 }),
    );

  test("CH: above 50 h and above the contract, both on the week's last shift", () => {
    const shifts = longWeek(CHIARA.id);
    expect(findings({ shifts })).toEqual([
      {
        code: "weekly_max",
        severity: "warning",
        message: "Chiara Rossi arbeitet in der Woche vom 30.11.2026 52.5 h (höchstens 50 h)",
        shift_id: shifts[4].id,
        employee_id: CHIARA.id,
      },
      {
        code: "overbooked",
        severity: "warning",
        message: "Chiara Rossi ist in der Woche vom 30.11.2026 mit 52.5 h über den vertraglichen 40.0 h",
        shift_id: shifts[4].id,
        employee_id: CHIARA.id,
      },
    ]);
  });

  test("hourly employees are never overbooked, but the weekly maximum applies", () => {
    expect(codes(findings({ shifts: longWeek(HOURLY.id) }))).toEqual(["weekly_max"]);
  });

  test("DE's 48 h; the owner's own figure; none keeps only overbooked", () => {
    const saturday = shift("2026-12-05", "08:00", "16:30", { break_minutes: 30 });
    const shifts = [...longWeek(CHIARA.id).slice(0, 4), saturday]; // 4 × 10.5 h + 8 h = 50 h
    expect(codes(findings({ shifts }))).toEqual(["overbooked"]); // CH: not above 50 h
    expect(codes(findings({ shifts, labourRules: "DE" }))).toEqual([
      ...Array(4).fill("daily_max"), // 10.5 h a day in DE
      "weekly_max",
      "overbooked",
    ]);
    const office = inputWith({ shifts, settings: settingsFor("CH", { weeklyMaxHours: 45 }) });
    expect(findingsInRange(office, WEEK)[0].message).toBe(
      "Chiara Rossi arbeitet in der Woche vom 30.11.2026 50.0 h (höchstens 45 h)",
    );
    expect(codes(findings({ shifts, labourRules: "none" }))).toEqual(["overbooked"]);
  });

  test("exactly the contract's hours is not overbooked; weeks are Monday to Sunday by date", () => {
    const shifts = [
      ...["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"].map((date) => shift(date, "08:00", "18:00")),
      shift("2026-12-06", "22:00", "06:00"), // Sunday night: all 8 h count for this week
    ];
    expect(findings({ shifts, labourRules: "none" })).toMatchObject([
      { code: "overbooked", shift_id: shifts[4].id, message: expect.stringContaining("mit 48.0 h") },
    ]);
    expect(findings({ shifts: shifts.slice(0, 4), labourRules: "none" })).toEqual([]);
  });
});

describe("break", () => {
  test("CH: 15 min for a 9 h shift are too short", () => {
    const day = shift("2026-12-02", "08:00", "17:00", { break_minutes: 15 });
    expect(findings({ shifts: [day] })).toEqual([
      {
        code: "break",
        severity: "warning",
        message: "Die Pause von Chiara Rossi am 02.12.2026 (08:00–17:00) ist 15 min, nötig sind mindestens 30 min",
        shift_id: day.id,
        employee_id: CHIARA.id,
      },
    ]);
    expect(findings({ shifts: [{ ...day, break_minutes: 30 }] })).toEqual([]);
  });

  test("the law counts net work: 5.5 h in CH and 6 h in DE need none", () => {
    expect(findings({ shifts: [shift("2026-12-02", "08:00", "13:30")] })).toEqual([]);
    expect(codes(findings({ shifts: [shift("2026-12-02", "08:00", "13:45")] }))).toEqual(["break"]);
    expect(findings({ shifts: [shift("2026-12-02", "08:00", "14:00")], labourRules: "DE" })).toEqual([]);
    const de = findings({ shifts: [shift("2026-12-02", "08:00", "15:00")], labourRules: "DE" });
    expect(de[0].message).toContain("ist 0 min, nötig sind mindestens 30 min");
  });

  test("none: no break rule", () => {
    expect(findings({ shifts: [shift("2026-12-02", "08:00", "18:00")], labourRules: "none" })).toEqual([]);
  });
});

describe("consecutive_days", () => {
  const run = (first: string, days: number) =>
    Array.from({ length: days }, (_, i) => {
      const date = new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      return shift(date, "09:00", "13:00");
    });

  test("the 7th working day in a row: on its first shift", () => {
    const shifts = run("2026-12-01", 7);
    const extra = shift("2026-12-07", "06:00", "08:00");
    const next = { start_date: "2026-12-07", end_date: "2026-12-13" };
    expect(findings({ shifts: [...shifts, extra] }, next)).toEqual([
      {
        code: "consecutive_days",
        severity: "warning",
        message: "Chiara Rossi arbeitet am 07.12.2026 den 7. Tag in Folge",
        shift_id: extra.id,
        employee_id: CHIARA.id,
      },
    ]);
    expect(findings({ shifts: run("2026-12-01", 6) }, { start_date: "2026-11-30", end_date: "2026-12-13" })).toEqual(
      [],
    );
  });

  test("later days of a run: counted back 7 days, so 'mindestens' from the 8th", () => {
    const range = { start_date: "2026-11-30", end_date: "2026-12-13" };
    expect(findings({ shifts: run("2026-11-30", 9) }, range).map((finding) => finding.message)).toEqual([
      "Chiara Rossi arbeitet am 06.12.2026 den 7. Tag in Folge",
      "Chiara Rossi arbeitet am 07.12.2026 mindestens den 8. Tag in Folge",
      "Chiara Rossi arbeitet am 08.12.2026 mindestens den 8. Tag in Folge",
    ]);
  });

  test("a free day starts a new run; none does not count runs", () => {
    const shifts = [...run("2026-11-30", 3), ...run("2026-12-04", 6)];
    expect(findings({ shifts }, { start_date: "2026-11-30", end_date: "2026-12-13" })).toEqual([]);
    expect(findings({ shifts: run("2026-11-30", 8), labourRules: "none" })).toEqual([]);
  });
});

describe("who gets findings", () => {
  const clash = (employee_id: number | null) => [
    shift("2026-12-02", "08:00", "16:00", { employee_id }),
    shift("2026-12-02", "10:00", "18:00", { employee_id }),
  ];

  test("open shifts never have findings", () => {
    expect(findings({ shifts: clash(null) })).toEqual([]);
  });

  test("archived employees and people not passed in are history: no findings", () => {
    const archived = { ...CHIARA, archived: true };
    expect(findings({ shifts: clash(CHIARA.id), employees: [archived] })).toEqual([]);
    expect(findings({ shifts: clash(99) })).toEqual([]);
  });

  test("only shifts dated in the range; ordered by date, start, id and code", () => {
    const shifts = [
      shift("2026-12-03", "08:00", "17:00", { employee_id: DENIZ.id }),
      shift("2026-12-02", "10:00", "18:00"),
      shift("2026-12-02", "08:00", "16:00"),
      shift("2026-12-08", "08:00", "10:00"),
      shift("2026-12-08", "09:00", "10:00"),
    ];
    const vacations = [{ employee_id: DENIZ.id, start_date: "2026-12-03", end_date: "2026-12-03" }];
    expect(findings({ shifts, vacations }).map((f) => [f.shift_id, f.code])).toEqual([
      [shifts[2].id, "overlap"],
      [shifts[2].id, "break"],
      [shifts[1].id, "overlap"],
      [shifts[1].id, "break"],
      [shifts[0].id, "vacation"],
      [shifts[0].id, "break"],
    ]);
  });
});
