/**
 * Generated weeks for the automatic filling's bench (P11, docs/PERFORMANCE.md "P11: automatic filling"): a café
 * (12 employees, 40 open shifts, 2 locations) and a large business (50 employees, 300 open shifts, 6 locations),
 * each fully determined by its seed (mulberry32), as a `FillProblem` (lib/server/auto-fill/problem.ts).
 *
 * What a week holds, as a café or shop plans it:
 * - open shifts spread over the days by demand (Friday and the weekend busier: weights Mon 1.0, Tue 0.9, Wed 1.0,
 *   Thu 1.05, Fri 1.2, Sat 1.45, Sun 1.2) and over the locations (the café's kiosk has half the café's demand);
 *   each an early (start 05:45–07:30), a middle (09:00–11:30), a late (13:00–15:30, ending by 23:00) or an evening
 *   shift (17:00–18:30, up to 01:30 the next day), 4–9 h long in quarter hours, or a split day: a lunch shift
 *   (10:30–11:30 start, 4 h) and a dinner shift (17:00–18:00 start, 4–5 h) of one location, open separately;
 *   breaks by the CH rules (minimumBreak), a fifth of them a quarter hour longer as many places plan 30 minutes;
 * - employees with contract hours 16–42 h, about 20 % by the hour (no contract hours); Einsatzorte: in the café a
 *   quarter work at one location only, in the large size 60 % at their home location (a third of those also at a
 *   second one), the rest everywhere;
 * - approved vacations: in the large size 10 % of the staff for the whole week (some from the Saturday before);
 *   in the café three weeks in ten one person;
 * - unavailability for about a fifth of the staff: a whole day, or an evening (17:00–23:59), in the week;
 * - assigned shifts in the weeks before and after, as those were planned: in the week before each person works
 *   about contract hours / 7.5 days (hourly staff 2–4), one kind of shift all week, a third of them through to
 *   Sunday and some Sunday late or evening (rest time and runs of days against the week); in the week after a
 *   Monday or Tuesday early shift for some. Each is kept only if it fits beside the others (EmployeeLoad.blockOf),
 *   so the neighbouring weeks are legal;
 * - applicants ("Ich kann") on about 10 % of the open shifts, one or two people who work at that location;
 * - CH labour rules, 50 h weekly maximum, 11 h rest, Europe/Zurich; no public holidays (company region unset).
 * Weeks start on consecutive Mondays from 2031-03-03 (seed n: n − 1 weeks later), so the DST week is among them.
 */
import { addDays } from "@/lib/shared/dates";
import { minimumBreak } from "@/lib/shared/rules";
import { absencesOf, prepareShift } from "@/lib/shared/rules/evaluate";
import type { RuleSettings, RuleShift, RuleUnavailability, RuleVacation } from "@/lib/shared/rules";
import { EmployeeLoad } from "@/lib/server/auto-fill/employee-load";
import type { FillEmployee, FillProblem, OpenShift } from "@/lib/server/auto-fill/problem";

export type Size = "cafe" | "large";

export const SIZES: Record<Size, { employees: number; open: number; locations: string[]; locationWeights: number[] }> =
  {
    cafe: { employees: 12, open: 40, locations: ["Café", "Kiosk"], locationWeights: [2, 1] },
    large: {
      employees: 50,
      open: 300,
      locations: ["Bahnhof", "Altstadt", "Seefeld", "Oerlikon", "Wiedikon", "Flughafen"],
      locationWeights: [1.3, 1, 1, 0.9, 0.8, 1],
    },
  };

/** The instances of the bench: seeds 1–20 of each size. */
export const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

export const SETTINGS: RuleSettings = {
  labourRules: "CH",
  weeklyMaxHours: 50,
  minRestHours: 11,
  timeZone: "Europe/Zurich",
};

const FIRST_MONDAY = "2031-03-03";
const DAY_WEIGHTS = [1, 0.9, 1, 1.05, 1.2, 1.45, 1.2];
const FIRST_NAMES = ["Anna", "Luca", "Mia", "Noah", "Lea", "Elias", "Sara", "Jan", "Nina", "Timo", "Lara", "Marco"];
const LAST_NAMES = ["Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Brunner", "Frei", "Gerber", "Baumann"];
const CONTRACT_HOURS = [16, 20, 24, 28, 30, 32, 36, 40, 42];
const EXISTING_ID_BASE = 100_000;

/** mulberry32: a small deterministic PRNG, the same sequence for a seed on every machine. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

function randomOf(seed: number): Random {
  const next = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (items) => items[int(0, items.length - 1)], chance: (p) => next() < p };
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

type Kind = "early" | "mid" | "late" | "evening";
/** Start window and length window in quarter hours, per kind of shift. */
const KINDS: Record<Kind, { start: [number, number]; length: [number, number]; endBy?: number }> = {
  early: { start: [23, 30], length: [16, 34] },
  mid: { start: [36, 46], length: [16, 36] },
  late: { start: [52, 62], length: [20, 36], endBy: 92 },
  evening: { start: [68, 74], length: [16, 28] },
};

/** Start and end in minutes from midnight (end may pass 24:00) and the break, as the CH rules want it. */
function timesOf(random: Random, kind: Kind): { start: number; end: number; breakMinutes: number } {
  const { start: startRange, length: lengthRange, endBy } = KINDS[kind];
  const start = random.int(...startRange) * 15;
  let length = random.int(...lengthRange) * 15;
  if (endBy !== undefined) length = Math.min(length, endBy * 15 - start);
  return { start, end: start + length, breakMinutes: breakFor(random, length) };
}

function breakFor(random: Random, length: number): number {
  const minimum = minimumBreak(length, "CH");
  return minimum > 0 && random.chance(0.2) ? minimum + 15 : minimum;
}

function ruleShift(
  id: number,
  location: { id: number; name: string },
  date: string,
  times: { start: number; end: number; breakMinutes: number },
  employeeId: number | null,
): RuleShift {
  return {
    id,
    employee_id: employeeId,
    location_id: location.id,
    location_name: location.name,
    shift_date: date,
    start_time: clock(times.start),
    end_time: clock(times.end),
    break_minutes: times.breakMinutes,
  };
}

/** Fisher–Yates with the seeded PRNG. */
function shuffled<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Splits `total` into parts proportional to `weights` (largest remainder), so the parts add up exactly. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  const missing = total - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) parts[order[k].index]++;
  return parts;
}

export type GeneratedWeek = { size: Size; seed: number; problem: FillProblem };

export function generateWeek(size: Size, seed: number): GeneratedWeek {
  const spec = SIZES[size];
  const random = randomOf(seed * 7919 + (size === "cafe" ? 1 : 2));
  const monday = addDays(FIRST_MONDAY, 7 * (seed - 1));
  const sunday = addDays(monday, 6);
  const locations = spec.locations.map((name, index) => ({ id: index + 1, name }));

  // Staff.
  const employees: FillEmployee[] = [];
  const homeOf = new Map<number, number>();
  for (let i = 1; i <= spec.employees; i++) {
    const hourly = random.chance(0.2);
    const home = locations[i % locations.length].id;
    homeOf.set(i, home);
    let where: number[] = [];
    if (size === "cafe" && random.chance(0.25)) where = [random.chance(0.7) ? 1 : 2];
    if (size === "large" && random.chance(0.6)) {
      where = [home];
      if (random.chance(1 / 3)) where.push((home % locations.length) + 1);
      where.sort((a, b) => a - b);
    }
    employees.push({
      id: i,
      name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`,
      weekly_hours: hourly ? 0 : random.pick(CONTRACT_HOURS),
      is_hourly: hourly,
      location_ids: where,
    });
  }
  const worksAt = (employee: FillEmployee, location: number) =>
    employee.location_ids.length === 0 || employee.location_ids.includes(location);

  // Absences.
  const vacations: RuleVacation[] = [];
  const onVacation = new Set<number>();
  const vacationCount = size === "large" ? Math.round(spec.employees * 0.1) : random.chance(0.3) ? 1 : 0;
  while (onVacation.size < vacationCount) onVacation.add(random.int(1, spec.employees));
  for (const id of [...onVacation].sort((a, b) => a - b))
    vacations.push({
      employee_id: id,
      start_date: random.chance(0.3) ? addDays(monday, -2) : monday,
      end_date: sunday,
    });
  const unavailability: RuleUnavailability[] = [];
  for (const employee of employees) {
    if (onVacation.has(employee.id) || !random.chance(0.2)) continue;
    const date = addDays(monday, random.int(0, 6));
    const evening = random.chance(0.5);
    unavailability.push({
      employee_id: employee.id,
      date,
      start_time: evening ? "17:00" : null,
      end_time: evening ? "23:59" : null,
    });
  }

  // Open shifts: per day and location by demand, then the kinds.
  const open: OpenShift[] = [];
  const perDay = apportion(spec.open, DAY_WEIGHTS);
  perDay.forEach((count, day) => {
    const perLocation = apportion(count, spec.locationWeights);
    perLocation.forEach((k, index) => {
      const location = locations[index];
      const date = addDays(monday, day);
      let left = k;
      const add = (times: { start: number; end: number; breakMinutes: number }) => {
        open.push({
          ...ruleShift(0, location, date, times, null),
          employee_id: null,
          applicant_ids: [],
          past: false,
          updated_at: "2031-01-01T00:00:00.000Z",
        });
        left--;
      };
      // A day's first shift opens, the second closes; then whatever the day needs.
      if (left > 0) add(timesOf(random, "early"));
      if (left > 0) add(timesOf(random, random.chance(0.6) ? "late" : "evening"));
      while (left > 0) {
        const roll = random.next();
        if (roll < 0.12 && left >= 2) {
          const lunch = random.int(42, 46) * 15;
          add({ start: lunch, end: lunch + 240, breakMinutes: 0 });
          const dinner = random.int(68, 72) * 15;
          const length = random.int(16, 20) * 15;
          add({ start: dinner, end: dinner + length, breakMinutes: breakFor(random, length) });
        } else add(timesOf(random, roll < 0.4 ? "mid" : roll < 0.65 ? "early" : roll < 0.85 ? "late" : "evening"));
      }
    });
  });
  open.sort((a, b) => a.shift_date.localeCompare(b.shift_date) || a.start_time.localeCompare(b.start_time));
  open.forEach((shift, index) => (shift.id = index + 1));
  for (const shift of open) {
    if (!random.chance(0.1)) continue;
    const willing = employees.filter((e) => worksAt(e, shift.location_id) && !onVacation.has(e.id));
    const first = random.pick(willing).id;
    const second = random.chance(0.3) ? random.pick(willing).id : first;
    shift.applicant_ids = [...new Set([first, second])].sort((a, b) => a - b);
  }

  // Assigned shifts of the neighbouring weeks, each kept only if it fits beside the others.
  const existing: RuleShift[] = [];
  for (const employee of employees) {
    const load = new EmployeeLoad(employee, SETTINGS, absencesOf(employee.id, vacations, unavailability), []);
    const place = employee.location_ids.length > 0 ? employee.location_ids : [homeOf.get(employee.id)!];
    const location = locations[random.pick(place) - 1];
    const assign = (date: string, kind: Kind) => {
      const shift = ruleShift(EXISTING_ID_BASE + existing.length, location, date, timesOf(random, kind), employee.id);
      const at = prepareShift(shift, SETTINGS.timeZone);
      if (!at || load.blockOf(at)) return;
      load.add(at, false);
      existing.push(shift);
    };
    const days = employee.is_hourly ? random.int(2, 4) : Math.min(6, Math.round(employee.weekly_hours / 7.5));
    const kind = random.pick<Kind>(["early", "mid", "late"]);
    // Through to Sunday: the last `days` days of the week before; else spread over it.
    const throughSunday = random.chance(1 / 3);
    const previous = throughSunday
      ? Array.from({ length: days }, (_, k) => 6 - k)
      : shuffled(random, [...Array(7).keys()]).slice(0, days);
    for (const day of previous.sort((a, b) => a - b)) {
      const lateSunday = day === 6 && random.chance(0.4);
      assign(addDays(monday, day - 7), lateSunday ? random.pick<Kind>(["late", "evening"]) : kind);
    }
    if (random.chance(0.4)) assign(addDays(monday, 7 + random.int(0, 1)), "early");
  }

  return {
    size,
    seed,
    problem: {
      settings: SETTINGS,
      range: { start_date: monday, end_date: sunday },
      open,
      employees,
      existing,
      vacations,
      unavailability,
      holidays: [],
    },
  };
}
