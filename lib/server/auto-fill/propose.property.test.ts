// Every proposal is legal (docs/PRODUCT-RULES.md §28.2): random weeks — people with contract hours or by the hour,
// Einsatzorte, vacations, unavailability, assigned shifts around the week, open shifts of every shape, the three
// labour-law settings, weeks around both DST nights — and each proposal is checked by the planning rules themselves
// (lib/shared/rules), not by the optimiser's own relation.
import fc from "fast-check";
import loadHighs from "highs";
import { beforeAll, expect, test } from "vitest";
import { addDays } from "@/lib/shared/dates";
import { findingsInRange, windowFor, type LabourRules, type RuleInput, type RuleShift } from "@/lib/shared/rules";
import { NEVER_PROPOSED, type FillEmployee, type FillProblem, type OpenShift } from "./problem";
import { proposeFill, type Highs } from "./propose";

const MONDAYS = ["2031-03-03", "2026-10-19", "2026-03-23"]; // a plain week, and the weeks of both DST nights
const LOCATIONS = [1, 2];

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const shiftShape = fc.record({
  day: fc.integer({ min: -7, max: 13 }), // from the week before to the week after
  start: fc.integer({ min: 0, max: 95 }), // quarter hours
  length: fc.integer({ min: 8, max: 48 }), // 2 h … 12 h
  breakSteps: fc.integer({ min: 0, max: 12 }),
  location: fc.constantFrom(...LOCATIONS),
});

const weekArb = fc.record({
  monday: fc.constantFrom(...MONDAYS),
  labourRules: fc.constantFrom<LabourRules>("CH", "DE", "none"),
  weeklyMaxHours: fc.constantFrom(40, 45, 50),
  minRestHours: fc.constantFrom(8, 11, 12),
  people: fc.array(
    fc.record({
      weekly: fc.constantFrom(8, 16, 24, 32, 40),
      hourly: fc.boolean(),
      where: fc.constantFrom<number[]>([], [1], [2], [1, 2]),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  assigned: fc.array(fc.record({ shape: shiftShape, person: fc.nat() }), { maxLength: 25 }),
  // The first person's usual 4 h morning on most days from the week before to the week after: runs of working days
  // that one more shift would make seven long.
  routine: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 21, maxLength: 21 }),
  open: fc.array(fc.record({ shape: shiftShape, applicant: fc.option(fc.nat()) }), { minLength: 1, maxLength: 25 }),
  vacations: fc.array(fc.record({ person: fc.nat(), day: fc.integer({ min: -3, max: 7 }), length: fc.nat(4) }), {
    maxLength: 3,
  }),
  unavailable: fc.array(
    fc.record({
      person: fc.nat(),
      day: fc.integer({ min: -1, max: 7 }),
      window: fc.option(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 40 }))),
    }),
    { maxLength: 4 },
  ),
});

type Week = typeof weekArb extends fc.Arbitrary<infer T> ? T : never;

function shiftOf(monday: string, shape: Week["open"][number]["shape"], id: number, employee: number | null): RuleShift {
  const length = shape.length * 15;
  return {
    id,
    employee_id: employee,
    location_id: shape.location,
    location_name: `Standort ${shape.location}`,
    shift_date: addDays(monday, shape.day),
    start_time: clock(shape.start * 15),
    end_time: clock(shape.start * 15 + length),
    break_minutes: Math.min(shape.breakSteps * 5, length - 5),
  };
}

const hardKeys = (input: RuleInput, range: { start_date: string; end_date: string }) =>
  new Set(
    findingsInRange(input, windowFor(range))
      .filter((finding) => NEVER_PROPOSED.has(finding.code))
      .map((finding) => `${finding.code}|${finding.shift_id}|${finding.related_shift_id ?? ""}`),
  );

/** The problem, with assigned shifts kept only while the rules find them legal (a legal plan to start from). */
function problemOf(week: Week): { problem: FillProblem; input: RuleInput } {
  const range = { start_date: week.monday, end_date: addDays(week.monday, 6) };
  const settings = {
    labourRules: week.labourRules,
    weeklyMaxHours: week.weeklyMaxHours,
    minRestHours: week.minRestHours,
    timeZone: "Europe/Zurich",
  };
  const employees: FillEmployee[] = week.people.map((person, index) => ({
    id: index + 1,
    name: `Person ${index + 1}`,
    weekly_hours: person.hourly ? 0 : person.weekly,
    is_hourly: person.hourly,
    location_ids: person.where,
  }));
  const who = (n: number) => employees[n % employees.length].id;
  const vacations = week.vacations.map((v) => ({
    employee_id: who(v.person),
    start_date: addDays(week.monday, v.day),
    end_date: addDays(week.monday, v.day + v.length),
  }));
  const unavailability = week.unavailable.map((u) => ({
    employee_id: who(u.person),
    date: addDays(week.monday, u.day),
    start_time: u.window ? clock(u.window[0] * 15) : null,
    end_time: u.window ? clock(u.window[0] * 15 + u.window[1] * 15) : null,
  }));
  const input: RuleInput = {
    settings,
    employees: employees.map((employee) => ({ ...employee, archived: false })),
    shifts: [],
    vacations,
    unavailability,
  };
  const routine = week.routine.flatMap((free, day) =>
    free === 0 ? [] : [{ shape: { day: day - 7, start: 32, length: 16, breakSteps: 0, location: 1 }, person: 0 }],
  );
  [...routine, ...week.assigned].forEach((entry, index) => {
    const shift = shiftOf(week.monday, entry.shape, 10_000 + index, who(entry.person));
    const before = hardKeys(input, range);
    input.shifts.push(shift);
    const after = hardKeys(input, range);
    if ([...after].some((key) => !before.has(key))) input.shifts.pop();
  });
  const open: OpenShift[] = week.open
    .map((entry, index) => ({
      ...shiftOf(week.monday, { ...entry.shape, day: ((entry.shape.day % 7) + 7) % 7 }, 1 + index, null),
      employee_id: null,
      applicant_ids: entry.applicant === null ? [] : [who(entry.applicant)],
      past: false,
      updated_at: "2031-01-01T00:00:00.000Z",
    }))
    .filter((shift) => shift.start_time !== shift.end_time);
  const problem: FillProblem = {
    settings,
    range,
    open,
    employees,
    existing: input.shifts,
    vacations,
    unavailability,
    holidays: [],
  };
  return { problem, input };
}

test("every proposal is legal by the planning rules, at the person's locations, each shift once", () => {
  fc.assert(
    fc.property(weekArb, (week) => {
      const { problem, input } = problemOf(week);
      const result = proposeFill(problem, highs, { timeLimitSeconds: 2 });
      const openById = new Map(problem.open.map((shift) => [shift.id, shift]));
      const employeeById = new Map(problem.employees.map((employee) => [employee.id, employee]));

      expect(new Set(result.assignments.map((a) => a.shift_id)).size).toBe(result.assignments.length);
      for (const assignment of result.assignments) {
        const shift = openById.get(assignment.shift_id);
        const employee = employeeById.get(assignment.employee_id);
        expect(shift, "only open shifts of the range").toBeDefined();
        expect(employee, "only active employees").toBeDefined();
        const where = employee!.location_ids;
        expect(where.length === 0 || where.includes(shift!.location_id), "at the person's locations").toBe(true);
        expect(assignment.reasons.length).toBeGreaterThan(0);
      }
      expect(result.assignments.length + result.unfilled.length).toBe(problem.open.length);
      expect(result.stats.filled).toBe(result.assignments.length);

      const before = hardKeys(input, problem.range);
      const after = hardKeys(
        {
          ...input,
          shifts: [
            ...input.shifts,
            ...result.assignments.map((a) => ({ ...openById.get(a.shift_id)!, employee_id: a.employee_id })),
          ],
        },
        problem.range,
      );
      expect([...after].filter((key) => !before.has(key))).toEqual([]);
    }),
    { numRuns: 60 },
  );
}, 240_000);

// Wishes are the last goal (docs/PRODUCT-RULES.md §35.8): the same week with random wishes fills as many shifts (both
// proven; the penalty may differ within the penalty search's tolerance, as two runs from other start plans may).
const wishesArb = fc.array(
  fc.record({
    person: fc.nat(),
    kind: fc.constantFrom("prefer_early" as const, "prefer_late" as const, "day_off" as const),
    day: fc.integer({ min: 0, max: 6 }),
  }),
  { maxLength: 6 },
);

test("a wish never lowers the number of filled shifts", () => {
  fc.assert(
    fc.property(weekArb, wishesArb, (week, wishes) => {
      const { problem } = problemOf(week);
      const seen = new Set<string>();
      const wished = {
        ...problem,
        wishes: wishes.flatMap((wish) => {
          const employee_id = problem.employees[wish.person % problem.employees.length].id;
          const date = wish.kind === "day_off" ? addDays(week.monday, wish.day) : null;
          const key = `${employee_id}|${date}`;
          if (seen.has(key)) return [];
          seen.add(key);
          return [{ employee_id, kind: wish.kind, date }];
        }),
      };
      const plain = proposeFill(problem, highs, { timeLimitSeconds: 2 });
      const withWishes = proposeFill(wished, highs, { timeLimitSeconds: 2 });
      if (plain.stats.optimal && withWishes.stats.optimal) expect(withWishes.stats.filled).toBe(plain.stats.filled);
    }),
    { numRuns: 40 },
  );
}, 240_000);
