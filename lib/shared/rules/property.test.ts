import fc from "fast-check";
import { expect, test } from "vitest";
import { addDays } from "../dates";
import { findingsForShift, findingsInRange } from "./findings";
import { CHIARA, DENIZ, HOURLY, ZONE, settingsFor } from "./test-support";
import { shiftInterval } from "./time";
import { windowFor } from "./window";
import type { Finding, LabourRules, RuleInput, RuleShift } from "./types";

const ARCHIVED = { id: 4, name: "Noah Keller", weekly_hours: 30, is_hourly: false, archived: true };
const EMPLOYEES = [CHIARA, DENIZ, HOURLY, ARCHIVED];
const DAYS = 35; // five weeks from a Monday
const FIRSTS = ["2026-11-16", "2026-10-12", "2026-03-16"]; // plain weeks, and weeks around both DST nights

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const shiftArb = fc
  .record({
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    start: fc.integer({ min: 0, max: 95 }), // quarter hours
    length: fc.integer({ min: 4, max: 48 }), // 1 h … 12 h
    breakSteps: fc.integer({ min: 0, max: 12 }),
    // Mostly one person, so her weeks fill up: overlaps, long runs of days, full weeks.
    employee: fc.oneof(
      { arbitrary: fc.constant<number | null>(CHIARA.id), weight: 6 },
      fc.constant<number | null>(DENIZ.id),
      fc.constant<number | null>(HOURLY.id),
      fc.constant<number | null>(ARCHIVED.id),
      fc.constant<number | null>(null),
    ),
  })
  .map(({ day, start, length, breakSteps, employee }) => ({
    day,
    start_time: clock(start * 15),
    end_time: clock((start + length) * 15),
    break_minutes: Math.min(breakSteps * 5, length * 15 - 5),
    employee_id: employee,
  }));

const dataArb = fc.record({
  first: fc.constantFrom(...FIRSTS),
  labourRules: fc.constantFrom<LabourRules>("CH", "DE", "none"),
  shifts: fc.array(shiftArb, { minLength: 20, maxLength: 90 }),
  // Deniz's usual 4 h shift on most days (0 = free): runs longer than the rules look back.
  routine: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: DAYS, maxLength: DAYS }),
  vacations: fc.array(
    fc.record({
      employee_id: fc.constantFrom(CHIARA.id, DENIZ.id),
      day: fc.integer({ min: 0, max: DAYS - 1 }),
      length: fc.integer({ min: 0, max: 6 }),
    }),
    { maxLength: 3 },
  ),
  unavailability: fc.array(
    fc.record({
      employee_id: fc.constantFrom(CHIARA.id, DENIZ.id, HOURLY.id),
      day: fc.integer({ min: 0, max: DAYS - 1 }),
      window: fc.option(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 40 }))),
    }),
    { maxLength: 6 },
  ),
});

type Data = typeof dataArb extends fc.Arbitrary<infer T> ? T : never;

function build(data: Data) {
  const routine = data.routine.flatMap((hour, day) =>
    hour > 0
      ? [
          {
            day,
            start_time: clock((6 + hour) * 60),
            end_time: clock((10 + hour) * 60),
            break_minutes: 0,
            employee_id: 2,
          },
        ]
      : [],
  );
  const shifts: RuleShift[] = [...data.shifts, ...routine].map((s, index) => ({
    id: index + 1,
    employee_id: s.employee_id,
    location_id: 1 + (index % 2),
    location_name: index % 2 ? "Bahnhof" : "Altstadt",
    shift_date: addDays(data.first, s.day),
    start_time: s.start_time,
    end_time: s.end_time,
    break_minutes: s.break_minutes,
  }));
  const input: RuleInput = {
    settings: settingsFor(data.labourRules),
    employees: EMPLOYEES,
    shifts,
    vacations: data.vacations.map((v) => ({
      employee_id: v.employee_id,
      start_date: addDays(data.first, v.day),
      end_date: addDays(data.first, v.day + v.length),
    })),
    unavailability: data.unavailability.map((u) => ({
      employee_id: u.employee_id,
      date: addDays(data.first, u.day),
      start_time: u.window ? clock(u.window[0] * 15) : null,
      end_time: u.window ? clock((u.window[0] + u.window[1]) * 15) : null,
    })),
  };
  return { input, all: { start_date: data.first, end_date: addDays(data.first, DAYS - 1) } };
}

const key = (f: Finding) => `${f.shift_id}|${f.code}|${f.related_shift_id ?? ""}|${f.message}`;

test("every overlap is real, reported on both shifts, and none is missed", () => {
  fc.assert(
    fc.property(dataArb, (data) => {
      const { input, all } = build(data);
      const found = findingsInRange(input, all).filter((f) => f.code === "overlap");
      const byId = new Map(input.shifts.map((s) => [s.id, s]));
      const intervals = new Map(input.shifts.map((s) => [s.id, shiftInterval(s, ZONE)]));
      const expected = new Set<string>();
      for (const a of input.shifts)
        for (const b of input.shifts) {
          if (a === b || a.employee_id === null || a.employee_id !== b.employee_id || a.employee_id === ARCHIVED.id)
            continue;
          const x = intervals.get(a.id)!;
          const y = intervals.get(b.id)!;
          if (x.start < y.end && y.start < x.end) expected.add(`${a.id}|${b.id}`);
        }
      const reported = new Set(found.map((f) => `${f.shift_id}|${f.related_shift_id}`));
      expect(reported).toEqual(expected);
      for (const f of found) {
        expect(reported.has(`${f.related_shift_id}|${f.shift_id}`)).toBe(true);
        expect(f.employee_id).toBe(byId.get(f.shift_id)!.employee_id);
      }
    }),
    { numRuns: 150 },
  );
});

test("findingsForShift of a saved shift: its findings in the range plus the sums it shares", () => {
  fc.assert(
    fc.property(dataArb, (data) => {
      const { input, all } = build(data);
      const inRange = findingsInRange(input, all);
      const texts = new Set(inRange.map((f) => `${f.employee_id}|${f.code}|${f.message}`));
      for (const shift of input.shifts) {
        const own = inRange.filter((f) => f.shift_id === shift.id).map(key);
        const forShift = findingsForShift(input, shift);
        expect(forShift.map(key)).toEqual(expect.arrayContaining(own));
        for (const f of forShift) {
          expect(f.shift_id).toBe(shift.id);
          expect(texts.has(`${f.employee_id}|${f.code}|${f.message}`)).toBe(true);
        }
      }
    }),
    { numRuns: 50 },
  );
});

test("the window is enough: only windowFor(range) loaded gives the same findings", () => {
  fc.assert(
    fc.property(dataArb, fc.integer({ min: 1, max: 3 }), (data, week) => {
      const { input } = build(data);
      const range = { start_date: addDays(data.first, week * 7), end_date: addDays(data.first, week * 7 + 6) };
      const window = windowFor(range);
      const within = (date: string) => date >= window.start_date && date <= window.end_date;
      const loaded: RuleInput = {
        ...input,
        shifts: input.shifts.filter((s) => within(s.shift_date)),
        vacations: input.vacations.filter((v) => v.end_date >= window.start_date && v.start_date <= window.end_date),
        unavailability: input.unavailability.filter((u) => within(u.date)),
      };
      expect(findingsInRange(loaded, range)).toEqual(findingsInRange(input, range));
    }),
    { numRuns: 150 },
  );
});
