import { describe, expect, test } from "vitest";
import { blockingFinding, findingsForShift } from "./findings";
import { CHIARA, DENIZ, inputWith, shift } from "./test-support";
import type { Finding } from "./types";

const codes = (list: Finding[]) => list.map((finding) => finding.code);

describe("findingsForShift", () => {
  test("a new shift (id 0) overlapping a saved one: the error is on the new shift", () => {
    const saved = shift("2026-12-02", "08:00", "12:00");
    const draft = { ...shift("2026-12-02", "11:00", "15:00", { location_name: "Bahnhof" }), id: 0 };
    expect(findingsForShift(inputWith({ shifts: [saved] }), draft)).toEqual([
      {
        code: "overlap",
        severity: "error",
        message: "Chiara Rossi arbeitet am 02.12.2026 bereits 08:00–12:00 (Altstadt)",
        shift_id: 0,
        employee_id: CHIARA.id,
        related_shift_id: saved.id,
      },
    ]);
  });

  test("an edited shift replaces its saved version and does not overlap itself", () => {
    const saved = shift("2026-12-02", "08:00", "12:00");
    const other = shift("2026-12-02", "13:00", "17:00");
    const input = inputWith({ shifts: [saved, other] });
    expect(findingsForShift(input, { ...saved, start_time: "09:00" })).toEqual([]);
    expect(codes(findingsForShift(input, { ...saved, end_time: "13:30" }))).toEqual(["overlap"]);
  });

  test("the week's sums are handed to the shift even when another is the week's last", () => {
    // Tuesday to Friday 06:00–17:30 with an hour's break: 42 h; a Monday of 10.5 h makes 52.5 h.
    const saved = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((date) =>
      shift(date, "06:00", "17:30", { break_minutes: 60 }),
    );
    const monday = { ...shift("2026-11-30", "06:00", "17:30", { break_minutes: 60 }), id: 0 };
    const found = findingsForShift(inputWith({ shifts: saved }), monday);
    expect(found).toEqual([
      {
        code: "weekly_max",
        severity: "warning",
        message: "Chiara Rossi arbeitet in der Woche vom 30.11.2026 52.5 h (höchstens 50 h)",
        shift_id: 0,
        employee_id: CHIARA.id,
      },
      {
        code: "overbooked",
        severity: "warning",
        message: "Chiara Rossi ist in der Woche vom 30.11.2026 mit 52.5 h über den vertraglichen 40.0 h",
        shift_id: 0,
        employee_id: CHIARA.id,
      },
    ]);
  });

  test("the day's maximum and the run of days reach the shift that takes part", () => {
    const later = shift("2026-12-02", "13:00", "18:00");
    const earlier = { ...shift("2026-12-02", "06:00", "12:00"), id: 0 };
    expect(findingsForShift(inputWith({ shifts: [later], labourRules: "DE" }), earlier)).toMatchObject([
      { code: "daily_max", shift_id: 0, message: "Chiara Rossi arbeitet am 02.12.2026 11.0 h (höchstens 10 h)" },
    ]);

    // 30.11.–06.12. with Wednesday free; filling Wednesday makes Sunday the 7th day in a row.
    const days = ["2026-11-30", "2026-12-01", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07"];
    const saved = days.map((date) => shift(date, "09:00", "13:00"));
    const wednesday = { ...shift("2026-12-02", "09:00", "13:00"), id: 0 };
    expect(findingsForShift(inputWith({ shifts: saved }), wednesday)).toMatchObject([
      { code: "consecutive_days", shift_id: 0, message: "Chiara Rossi arbeitet am 06.12.2026 den 7. Tag in Folge" },
    ]);
    // On the run's 8th day the shift's own day speaks.
    expect(findingsForShift(inputWith({ shifts: [...saved, wednesday] }), saved[6])).toMatchObject([
      { code: "consecutive_days", shift_id: saved[6].id, message: expect.stringContaining("07.12.2026 mindestens") },
    ]);
  });

  test("a shift that cuts the next day's rest hears of it", () => {
    const monday = shift("2026-12-01", "12:00", "17:00");
    const tuesday = shift("2026-12-02", "07:00", "12:00");
    const input = inputWith({ shifts: [monday, tuesday] });
    expect(findingsForShift(input, { ...monday, start_time: "18:00", end_time: "23:00" })).toEqual([
      {
        code: "rest_time",
        severity: "warning",
        message:
          "Chiara Rossi hat nach der Schicht am 01.12.2026 bis 23:00 (Altstadt) nur 8.0 h Ruhezeit bis 07:00" +
          " (mindestens 11 h)",
        shift_id: monday.id,
        employee_id: CHIARA.id,
        related_shift_id: tuesday.id,
      },
    ]);
    expect(findingsForShift(input, monday)).toEqual([]);
  });

  test("open shifts, archived and unknown people: nothing", () => {
    const saved = shift("2026-12-02", "08:00", "12:00");
    const input = inputWith({ shifts: [saved], employees: [{ ...CHIARA, archived: true }, DENIZ] });
    expect(findingsForShift(input, { ...saved, id: 0 })).toEqual([]);
    expect(findingsForShift(input, { ...saved, id: 0, employee_id: null })).toEqual([]);
    expect(findingsForShift(input, { ...saved, id: 0, employee_id: 99 })).toEqual([]);
  });

  test("other people's shifts and vacations do not count", () => {
    const vacations = [{ employee_id: DENIZ.id, start_date: "2026-12-02", end_date: "2026-12-02" }];
    const input = inputWith({ shifts: [shift("2026-12-02", "08:00", "12:00", { employee_id: DENIZ.id })], vacations });
    expect(findingsForShift(input, { ...shift("2026-12-02", "08:00", "12:00"), id: 0 })).toEqual([]);
  });
});

describe("blockingFinding", () => {
  test("the refusal is an error, overlap before vacation; warnings never refuse", () => {
    const saved = shift("2026-12-02", "08:00", "12:00");
    const draft = { ...shift("2026-12-02", "10:00", "17:00"), id: 0 };
    const vacations = [{ employee_id: CHIARA.id, start_date: "2026-12-02", end_date: "2026-12-02" }];
    const found = findingsForShift(inputWith({ shifts: [saved], vacations }), draft);
    expect(codes(found)).toEqual(["overlap", "vacation", "break"]);
    expect(blockingFinding(found)?.code).toBe("overlap");
    expect(blockingFinding([...found].reverse())?.code).toBe("overlap");
    expect(blockingFinding(found.slice(1))?.message).toBe("Chiara Rossi hat am 02.12.2026 Ferien");
    expect(blockingFinding(found.slice(2))).toBeUndefined();
    expect(blockingFinding([])).toBeUndefined();
  });
});
