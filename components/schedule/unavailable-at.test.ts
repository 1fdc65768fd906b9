import { describe, expect, test } from "vitest";
import { POST as check } from "@/app/api/shifts/check/route";
import { POST as recordUnavailability } from "@/app/api/unavailability/route";
import type { UnavailabilityDto } from "@/lib/shared/api-types";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { unavailableAt } from "./unavailable-at";

const ZONE = "Europe/Zurich";
let nextId = 1;

function entry(
  start_date: string,
  end_date: string | null,
  times: [string, string] | null = null,
  employee_id = 7,
  weekday: number | null = null,
): UnavailabilityDto {
  const [start_time, end_time] = times ?? [null, null];
  return { id: nextId++, employee_id, start_date, end_date, weekday, start_time, end_time, note: null };
}

const at = (date: string, start: string, end: string) => ({ date, start, end });

describe("unavailableAt: the shift dialog's picker asks the `unavailable` rule (docs/PRODUCT-RULES.md §24.4)", () => {
  test("a whole day counts on the shift's date only; a window also from the day before and into the next day", () => {
    const wholeDay = [entry("2026-06-10", "2026-06-10")];
    expect(unavailableAt(wholeDay, 7, at("2026-06-10", "08:00", "12:00"), ZONE)).toBe(true);
    // A night shift of the day before reaches into it, but counts on its own date (like vacations).
    expect(unavailableAt(wholeDay, 7, at("2026-06-09", "22:00", "06:00"), ZONE)).toBe(false);
    expect(unavailableAt(wholeDay, 8, at("2026-06-10", "08:00", "12:00"), ZONE)).toBe(false);

    const evening = [entry("2026-06-09", "2026-06-09", ["20:00", "02:00"])];
    // The window of the 9th runs past midnight into the morning of the 10th.
    expect(unavailableAt(evening, 7, at("2026-06-10", "01:00", "05:00"), ZONE)).toBe(true);
    expect(unavailableAt(evening, 7, at("2026-06-10", "02:00", "05:00"), ZONE)).toBe(false);
    // A night shift of the 8th reaches the window of the 9th.
    const morning = [entry("2026-06-09", "2026-06-09", ["05:00", "07:00"])];
    expect(unavailableAt(morning, 7, at("2026-06-08", "22:00", "05:30"), ZONE)).toBe(true);
    expect(unavailableAt(morning, 7, at("2026-06-08", "22:00", "05:00"), ZONE)).toBe(false);
  });

  test("on the night the clocks go forward (29.03.2026) it measures real time, not the wall clock", () => {
    // 02:30 does not exist that night: the shift ends at 03:30 summer time, inside the window from 03:00.
    const window = [entry("2026-03-29", "2026-03-29", ["03:00", "05:00"])];
    expect(unavailableAt(window, 7, at("2026-03-28", "22:00", "02:30"), ZONE)).toBe(true);
    // An ordinary night: the same shift ends before the window.
    const ordinary = [entry("2026-04-05", "2026-04-05", ["03:00", "05:00"])];
    expect(unavailableAt(ordinary, 7, at("2026-04-04", "22:00", "02:30"), ZONE)).toBe(false);
  });

  test("while a time is still being typed, a whole day on the date shows, a window does not", () => {
    const typing = at("2026-06-10", "08:3", "12:00");
    expect(unavailableAt([entry("2026-06-10", "2026-06-10")], 7, typing, ZONE)).toBe(true);
    expect(unavailableAt([entry("2026-06-10", "2026-06-10", ["07:00", "13:00"])], 7, typing, ZONE)).toBe(false);
  });
});

describe("the planner's picker and the server's finding agree on the DST nights", () => {
  /** Each case: the entry's day and window (null: whole day), the shift's date and times. */
  const cases: { day: string; window: [string, string] | null; shift: [string, string, string] }[] = [
    // 25.10.2026: the clocks go back at 03:00 to 02:00; a night shift across the change, 9 real hours.
    { day: "2026-10-25", window: ["05:30", "08:00"], shift: ["2026-10-24", "22:00", "06:00"] },
    { day: "2026-10-25", window: ["06:00", "08:00"], shift: ["2026-10-24", "22:00", "06:00"] },
    { day: "2026-10-25", window: ["02:15", "02:45"], shift: ["2026-10-24", "22:00", "02:30"] },
    { day: "2026-10-25", window: ["02:30", "04:00"], shift: ["2026-10-24", "22:00", "02:30"] },
    { day: "2026-10-25", window: null, shift: ["2026-10-24", "22:00", "06:00"] },
    { day: "2026-10-25", window: null, shift: ["2026-10-25", "01:00", "04:00"] },
    { day: "2026-10-24", window: ["23:00", "02:15"], shift: ["2026-10-25", "02:00", "03:00"] },
    // 29.03.2026: the clocks go forward at 02:00 to 03:00.
    { day: "2026-03-29", window: ["03:00", "05:00"], shift: ["2026-03-28", "22:00", "02:30"] },
    { day: "2026-03-29", window: ["02:00", "02:30"], shift: ["2026-03-29", "03:00", "06:00"] },
    { day: "2026-03-28", window: ["22:00", "02:30"], shift: ["2026-03-29", "03:00", "06:00"] },
  ];

  test("for every case the picker says what POST /api/shifts/check finds", async () => {
    const { token } = await createUser("manager");
    const place = await fx.location();
    const answers: { case: string; planner: boolean; server: boolean }[] = [];
    for (const { day, window, shift } of cases) {
      // One person per case, so the cases do not see each other's entries.
      const person = await fx.employee({ isHourly: true });
      const recorded = await call(recordUnavailability, {
        token,
        body: {
          employee_id: person.id,
          start_date: day,
          end_date: day,
          start_time: window?.[0] ?? null,
          end_time: window?.[1] ?? null,
        },
      });
      expect(recorded.status).toBe(201);
      // The entry as the planner's week answer carries it.
      const dto = recorded.json as unknown as UnavailabilityDto;
      const [date, start, end] = shift;
      const found = await call(check, {
        token,
        body: { employee_id: person.id, location_id: place.id, shift_date: date, start_time: start, end_time: end },
      });
      expect(found.status).toBe(200);
      const server = (found.json as { code: string }[]).some((finding) => finding.code === "unavailable");
      const planner = unavailableAt([dto], person.id, { date, start, end }, ZONE);
      answers.push({ case: `${day} ${window?.join("–") ?? "ganzer Tag"} / ${shift.join(" ")}`, planner, server });
    }
    expect(answers.filter((answer) => answer.planner !== answer.server)).toEqual([]);
    // The cases are not all alike: some are unavailable, some are not.
    expect(new Set(answers.map((answer) => answer.server)).size).toBe(2);
  });
});
