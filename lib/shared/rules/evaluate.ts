/**
 * The rules for one employee's shifts (docs/PRODUCT-RULES.md §24). Every rule only ever compares shifts of the
 * same person, so the work is split per employee: each list is sorted once and walked in order; only shifts
 * within two days of each other are compared (overlap), so a week of 300 shifts costs well under a millisecond.
 *
 * Amounts of work (hours, DE's daily maximum, the week, overbooked, breaks) use the wall-clock length minus the
 * break, like `hours` everywhere (lib/shared/hours.ts); distances in time (overlap, rest, CH's working day,
 * unavailability) use real instants (time.ts).
 */
import { sumHours } from "../hours";
import { requiredBreak } from "./breaks";
import { ruleMessages } from "./messages";
import { HOUR_MS, MINUTE_MS, clockMinutes, dayNumber, intervalOf, isoOfDay, mondayOfDay } from "./time";
import type {
  Finding,
  FindingCode,
  RuleEmployee,
  RuleSettings,
  RuleShift,
  RuleUnavailability,
  RuleVacation,
} from "./types";

/** A shift with what the rules compute from it once. */
export type PreparedShift = {
  shift: RuleShift;
  day: number;
  startMinutes: number;
  start: number;
  end: number;
  /** Wall-clock length minus break, in hours: the shift's `hours`. */
  netHours: number;
  grossMinutes: number;
};

/** What a finding is about when it sums up more than its shift: findingsForShift hands it to each of them. */
export type FindingScope =
  { kind: "day"; day: number } | { kind: "week"; monday: number } | { kind: "run"; firstDay: number; day: number };

/** The other shift a finding names, the sum it reports. */
type FindingAbout = { related?: PreparedShift; scope?: FindingScope };

export type RawFinding = { finding: Finding; at: PreparedShift } & FindingAbout;

/** The employee's approved vacations and unavailability, looked up by day. */
export type EmployeeAbsences = {
  vacations: { first: number; last: number; absent?: boolean }[];
  unavailability: Map<number, RuleUnavailability[]>;
};

/** DE: ArbZG §3 — at most 10 h of work a day (net). */
export const DE_DAILY_MAX_HOURS = 10;
/** CH: ArG Art. 10 — a day's work including breaks lies within 14 h. */
export const CH_DAILY_SPAN_HOURS = 14;
/** A finding from the 7th working day in a row (both laws want a day of rest each week). */
export const MAX_CONSECUTIVE_DAYS = 6;
/** How far back a run is counted: longer runs read "mindestens" (window.ts, §24.3). */
const RUN_LOOKBACK_DAYS = 7;

const SEVERITY: Record<FindingCode, Finding["severity"]> = {
  overlap: "error",
  vacation: "error",
  unavailable: "warning",
  rest_time: "warning",
  daily_max: "warning",
  weekly_max: "warning",
  break: "warning",
  consecutive_days: "warning",
  overbooked: "warning",
};

/** null for a shift whose times are no shift (start equal to end, not a clock time): the schemas refuse those. */
export function prepareShift(shift: RuleShift, timeZone: string): PreparedShift | null {
  const startMinutes = clockMinutes(shift.start_time);
  const endMinutes = clockMinutes(shift.end_time);
  if (startMinutes === null || endMinutes === null || startMinutes === endMinutes) return null;
  const day = dayNumber(shift.shift_date);
  const { start, end } = intervalOf(timeZone, day, startMinutes, endMinutes);
  // The real length, an hour off the clock's on the DST nights (docs/PRODUCT-RULES.md §32.5), as datedShiftHours.
  const grossMinutes = Math.round((end - start) / MINUTE_MS);
  return { shift, day, startMinutes, start, end, grossMinutes, netHours: (grossMinutes - shift.break_minutes) / 60 };
}

/** The order of findings and of "last shift of the day/week": date, start time, id. */
export function compareShifts(a: PreparedShift, b: PreparedShift): number {
  return a.day - b.day || a.startMinutes - b.startMinutes || a.shift.id - b.shift.id;
}

export function absencesOf(
  employeeId: number,
  vacations: RuleVacation[],
  unavailability: RuleUnavailability[],
): EmployeeAbsences {
  const absences: EmployeeAbsences = { vacations: [], unavailability: new Map() };
  for (const vacation of vacations)
    if (vacation.employee_id === employeeId)
      absences.vacations.push({
        first: dayNumber(vacation.start_date),
        last: dayNumber(vacation.end_date),
        absent: vacation.absent,
      });
  for (const entry of unavailability) if (entry.employee_id === employeeId) addUnavailability(absences, entry);
  return absences;
}

export function addUnavailability(absences: EmployeeAbsences, entry: RuleUnavailability): void {
  const day = dayNumber(entry.date);
  const list = absences.unavailability.get(day);
  if (list) list.push(entry);
  else absences.unavailability.set(day, [entry]);
}

/**
 * Every finding of one (active) employee's shifts. `shifts` sorted by compareShifts; the caller picks the ones it
 * wants (a range, one shift).
 */
export function evaluateEmployee(
  settings: RuleSettings,
  employee: RuleEmployee,
  shifts: PreparedShift[],
  absences: EmployeeAbsences,
): RawFinding[] {
  const out: RawFinding[] = [];
  const labourLaw = settings.labourRules !== "none";
  const name = employee.name;
  const add = (code: FindingCode, at: PreparedShift, message: string, about: FindingAbout = {}) => {
    const finding: Finding = {
      code,
      severity: SEVERITY[code],
      message,
      shift_id: at.shift.id,
      employee_id: employee.id,
    };
    if (about.related) finding.related_shift_id = about.related.shift.id;
    out.push({ finding, at, ...about });
  };

  // overlap: half-open intervals; a shift lasts under 24 h, so only shifts up to two days later can reach back.
  // A shift of no real time (02:00–03:00 on the night the clocks go forward) overlaps nothing.
  for (let i = 0; i < shifts.length; i++) {
    const a = shifts[i];
    for (let j = i + 1; j < shifts.length && shifts[j].day <= a.day + 2; j++) {
      const b = shifts[j];
      if (a.start < a.end && b.start < b.end && a.start < b.end && b.start < a.end) {
        add("overlap", a, ruleMessages.overlap(name, b.shift), { related: b });
        add("overlap", b, ruleMessages.overlap(name, a.shift), { related: a });
      }
    }
  }

  for (const at of shifts) {
    const { shift } = at;
    const away = absences.vacations.find((vacation) => vacation.first <= at.day && at.day <= vacation.last);
    if (away) add("vacation", at, (away.absent ? ruleMessages.absent : ruleMessages.vacation)(name, shift.shift_date));
    unavailabilityFindings(settings.timeZone, at, absences, (entry, timed) =>
      add("unavailable", at, ruleMessages.unavailable(name, entry.date, timed ? entryWindow(entry) : null)),
    );
    if (labourLaw) {
      const required = requiredBreak(at.grossMinutes - shift.break_minutes, settings.labourRules);
      if (shift.break_minutes < required)
        add("break", at, ruleMessages.break(name, shift, shift.break_minutes, required));
    }
  }

  const days = groupBy(shifts, (at) => at.day);
  const weeks = groupBy(shifts, (at) => mondayOfDay(at.day));

  if (labourLaw) {
    restTimeFindings(settings, days, (later, earlier, restHours) =>
      add(
        "rest_time",
        later,
        ruleMessages.restTime(name, earlier.shift, later.shift, restHours, settings.minRestHours),
        {
          related: earlier,
        },
      ),
    );

    for (const [day, list] of days) {
      const last = list[list.length - 1];
      const scope: FindingScope = { kind: "day", day };
      if (settings.labourRules === "DE") {
        const hours = sumHours(list.map((at) => at.netHours));
        if (hours > DE_DAILY_MAX_HOURS)
          add("daily_max", last, ruleMessages.dailyNet(name, last.shift.shift_date, hours, DE_DAILY_MAX_HOURS), {
            scope,
          });
      } else {
        const first = list.reduce((a, b) => (b.start < a.start ? b : a));
        const latest = list.reduce((a, b) => (b.end > a.end ? b : a));
        const hours = (latest.end - first.start) / HOUR_MS;
        if (hours > CH_DAILY_SPAN_HOURS) {
          const text = ruleMessages.dailySpan(
            name,
            last.shift.shift_date,
            first.shift.start_time,
            latest.shift.end_time,
            hours,
            CH_DAILY_SPAN_HOURS,
          );
          add("daily_max", last, text, { scope });
        }
      }
    }
  }

  for (const [monday, list] of weeks) {
    const last = list[list.length - 1];
    const hours = sumHours(list.map((at) => at.netHours));
    const scope: FindingScope = { kind: "week", monday };
    const week = isoOfDay(monday);
    if (labourLaw && hours > settings.weeklyMaxHours)
      add("weekly_max", last, ruleMessages.weeklyMax(name, week, hours, settings.weeklyMaxHours), { scope });
    // The contract's weekly hours, not the week's target: the warning is about the contract, and a holiday or a
    // vacation does not lower the contract (docs/PRODUCT-RULES.md §31.1).
    if (!employee.is_hourly && hours > employee.weekly_hours)
      add("overbooked", last, ruleMessages.overbooked(name, week, hours, employee.weekly_hours), { scope });
  }

  if (labourLaw) {
    // Runs of working days, counted back at most RUN_LOOKBACK_DAYS so the text does not depend on how much
    // history was loaded.
    let firstDay = Number.NaN;
    let previous = Number.NaN;
    for (const [day, list] of days) {
      if (day !== previous + 1) firstDay = day;
      previous = day;
      const inRow = Math.min(day - firstDay, RUN_LOOKBACK_DAYS) + 1;
      if (inRow > MAX_CONSECUTIVE_DAYS) {
        const text = ruleMessages.consecutiveDays(name, list[0].shift.shift_date, inRow, inRow > RUN_LOOKBACK_DAYS);
        add("consecutive_days", list[0], text, { scope: { kind: "run", firstDay, day } });
      }
    }
  }

  return out;
}

/** Consecutive keys of a sorted list, in order (a Map keeps insertion order). */
function groupBy(shifts: PreparedShift[], key: (at: PreparedShift) => number): Map<number, PreparedShift[]> {
  const groups = new Map<number, PreparedShift[]>();
  for (const at of shifts) {
    const k = key(at);
    const list = groups.get(k);
    if (list) list.push(at);
    else groups.set(k, [at]);
  }
  return groups;
}

/**
 * Rest between working days: a day's first start against the latest end of all earlier days. Shifts of one
 * date are one working day (split shifts), so no rest is checked between them; an overlap is reported as such.
 */
function restTimeFindings(
  settings: RuleSettings,
  days: Map<number, PreparedShift[]>,
  report: (later: PreparedShift, earlier: PreparedShift, restHours: number) => void,
): void {
  const minimum = settings.minRestHours * HOUR_MS;
  let latestBefore: PreparedShift | null = null;
  for (const list of days.values()) {
    const first = list.reduce((a, b) => (b.start < a.start ? b : a));
    if (latestBefore) {
      const rest = first.start - latestBefore.end;
      if (rest >= 0 && rest < minimum) report(first, latestBefore, rest / HOUR_MS);
    }
    for (const at of list) if (!latestBefore || at.end > latestBefore.end) latestBefore = at;
  }
}

function entryWindow(entry: RuleUnavailability): { start_time: string; end_time: string } | null {
  return entry.start_time && entry.end_time ? { start_time: entry.start_time, end_time: entry.end_time } : null;
}

/**
 * Unavailability hitting a shift: a whole day on its date (like vacations, only the date the shift counts on),
 * a time window whenever it overlaps the shift in real time, also from the day before (a window over midnight)
 * or the next day (an overnight shift).
 */
function unavailabilityFindings(
  timeZone: string,
  at: PreparedShift,
  absences: EmployeeAbsences,
  report: (entry: RuleUnavailability, timed: boolean) => void,
): void {
  if (absences.unavailability.size === 0) return;
  for (let day = at.day - 1; day <= at.day + 1; day++) {
    for (const entry of absences.unavailability.get(day) ?? []) {
      const window = entryWindow(entry);
      if (!window) {
        if (day === at.day) report(entry, false);
        continue;
      }
      const from = clockMinutes(window.start_time);
      const to = clockMinutes(window.end_time);
      if (from === null || to === null) continue;
      const { start, end } = intervalOf(timeZone, day, from, to);
      if (start < at.end && at.start < end) report(entry, true);
    }
  }
}
