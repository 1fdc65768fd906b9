import { describe, expect, test } from "vitest";
import { minutesOf } from "./time-entry-dto";

const at = (time: string) => new Date(`2026-03-10T${time}:00.000Z`);
const entry = (start: string, end: string | null, breaks: [string, string | null][] = []) => ({
  startAt: at(start),
  endAt: end === null ? null : at(end),
  breaks: breaks.map(([from, to]) => ({ startAt: at(from), endAt: to === null ? null : at(to) })),
});

describe("worked and break minutes (docs/PRODUCT-RULES.md §32.1)", () => {
  test("worked = end − start − breaks", () => {
    expect(
      minutesOf(
        entry("07:00", "15:30", [
          ["11:00", "11:30"],
          ["13:00", "13:10"],
        ]),
        at("23:00"),
      ),
    ).toEqual({
      break_minutes: 40,
      worked_minutes: 470,
    });
  });

  test("a running entry and a running break count up to now", () => {
    expect(minutesOf(entry("07:00", null, [["09:00", null]]), at("09:20"))).toEqual({
      break_minutes: 20,
      worked_minutes: 120,
    });
  });

  test("seconds are rounded down: a stamp never credits a minute not worked", () => {
    const row = {
      startAt: new Date("2026-03-10T07:00:00.000Z"),
      endAt: new Date("2026-03-10T07:10:59.999Z"),
      breaks: [],
    };
    expect(minutesOf(row, at("08:00"))).toEqual({ break_minutes: 0, worked_minutes: 10 });
  });
});
