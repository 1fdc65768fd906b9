import "server-only";
import type { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { findAbsences } from "@/lib/server/absences/find-absences";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { config } from "@/lib/server/config";
import type { Db } from "@/lib/server/db/client";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { compareNames } from "@/lib/shared/collation";
import { addDays, todayIn } from "@/lib/shared/dates";
import { findingsInRange, shiftInterval, windowFor, type FindingCode, type RuleShift } from "@/lib/shared/rules";
import { DAY_MS, dayNumber, instantOf } from "@/lib/shared/rules/time";
import type { TimesheetFlagCode, timesheetSchema } from "@/lib/shared/schemas/timesheet";
import { readMonths } from "./approval";
import { looksForgotten, type StampedShift } from "./forgotten";
import { minutesOf } from "./time-entry-dto";

/**
 * Planned vs. worked (docs/PRODUCT-RULES.md §32.3): per employee and day the planned shifts, the entries, the
 * difference, the flags and the planning rules' findings computed on the worked times, the totals and the months'
 * approval. Reads only the range (and the rules' window around it) by the (employee_id, date) indexes, so the cost
 * does not grow with the years of entries before it.
 */

export type TimesheetDto = z.infer<typeof timesheetSchema>;
type EmployeeSheet = TimesheetDto["employees"][number];
type Day = EmployeeSheet["days"][number];
type Flag = Day["flags"][number];

export type TimesheetFilter = { startDate: string; endDate: string; employeeId?: number; locationId?: number };

/** A start or end further off the plan than this is flagged (PRODUCT §12). */
export const OFF_PLAN_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

/** The planning rules' findings a worked day is checked for (PRODUCT §12: §7's rules on the worked times). */
const WORKED_FINDINGS: ReadonlySet<FindingCode> = new Set(["rest_time", "daily_max", "weekly_max", "break"]);

const minutesOff = (ms: number) => Math.round(Math.abs(ms) / MINUTE_MS);

export const FLAG_LABELS = {
  missing_stamp: () => "Nicht gestempelt",
  unplanned: () => "Ohne geplante Schicht",
  forgotten_clock_out: () => "Ausstempeln vergessen?",
  start_off: (ms: number) => `Beginn ${minutesOff(ms)} min ${ms > 0 ? "später" : "früher"} als geplant`,
  end_off: (ms: number) => `Ende ${minutesOff(ms)} min ${ms > 0 ? "später" : "früher"} als geplant`,
} satisfies Record<TimesheetFlagCode, (ms: number) => string>;

/** The employees a timesheet shows: those with a shift or an entry in the range (at the location when given). */
async function employeesInRange(db: Db, filter: TimesheetFilter): Promise<number[]> {
  if (filter.employeeId !== undefined) return [filter.employeeId];
  const { startDate, endDate, locationId } = filter;
  const at = locationId === undefined ? Prisma.empty : Prisma.sql`AND location_id = ${locationId}`;
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT employee_id AS id FROM shifts
    WHERE shift_date BETWEEN ${startDate}::date AND ${endDate}::date AND employee_id IS NOT NULL ${at}
    UNION
    SELECT employee_id FROM time_entries WHERE date BETWEEN ${startDate}::date AND ${endDate}::date ${at}`;
  return rows.map((row) => row.id);
}

/**
 * One entry as the statement answers it: [id, employee_id, location_id, location_name, shift_id, date, start_ms,
 * end_ms | null, updated_ms, status, source, [[break_start_ms, break_end_ms | null], …]].
 */
type WorkedRow = [
  number,
  number,
  number,
  string,
  number | null,
  string,
  number,
  number | null,
  number,
  Day["entries"][number]["status"],
  Day["entries"][number]["source"],
  [number, number | null][],
  /** A running entry's stamped shift: date, start, end; else null. */
  [string, string, string] | null,
];

/** An entry as the timesheet reads it: its JSON fields, its location's name, and its instants in epoch ms. */
type Worked = {
  dto: Omit<Day["entries"][number], "location_name"> & { employee_id: number; date: string };
  locationName: string;
  stamped: StampedShift;
  start: number;
  end: number;
};

/**
 * The employees' entries of the days with their breaks, in one statement by the (employee_id, date) index: the
 * ORM's relation loading of breaks, employees and locations cost more than the rest of the answer (P17).
 */
async function readWorked(
  db: Db,
  { ids, startDate, endDate, now }: { ids: number[]; startDate: string; endDate: string; now: Date },
): Promise<Worked[]> {
  // One JSON text of arrays, as the rules' facts are read (read-rule-facts.ts): far cheaper to carry than rows.
  const ms = (column: Prisma.Sql) => Prisma.sql`(extract(epoch FROM ${column}) * 1000)::float8`;
  const [{ entries }] = await db.$queryRaw<[{ entries: string }]>`
    SELECT coalesce(json_agg(json_build_array(
             t.id, t.employee_id, t.location_id, l.name, t.shift_id, to_char(t.date, 'YYYY-MM-DD'),
             ${ms(Prisma.sql`t.start_at`)}, ${ms(Prisma.sql`t.end_at`)}, ${ms(Prisma.sql`t.updated_at`)},
             t.status, t.source,
             coalesce((SELECT json_agg(json_build_array(${ms(Prisma.sql`b.start_at`)}, ${ms(Prisma.sql`b.end_at`)})
                                ORDER BY b.start_at, b.id)
                       FROM time_breaks b WHERE b.entry_id = t.id), '[]'),
             CASE WHEN t.status = 'running' AND s.id IS NOT NULL
               THEN json_build_array(to_char(s.shift_date, 'YYYY-MM-DD'), to_char(s.start_time, 'HH24:MI'),
                                     to_char(s.end_time, 'HH24:MI')) END)
           ORDER BY t.start_at, t.id), '[]')::text AS entries
    FROM time_entries t JOIN locations l ON l.id = t.location_id
    LEFT JOIN shifts s ON s.id = t.shift_id
    WHERE t.employee_id = ANY(${ids}::int[]) AND t.date BETWEEN ${startDate}::date AND ${endDate}::date`;
  return (JSON.parse(entries) as WorkedRow[]).map(
    ([
      id,
      employeeId,
      locationId,
      locationName,
      shiftId,
      date,
      startMs,
      endMs,
      updatedMs,
      status,
      source,
      pauses,
      shift,
    ]) => {
      const breaks = pauses.map(([start, end]) => ({
        startAt: new Date(start),
        endAt: end === null ? null : new Date(end),
      }));
      // A running entry voided stops counting when it was voided, as in the entry's JSON (time-entry-dto.ts).
      const until = status === "void" && endMs === null ? new Date(updatedMs) : now;
      const startAt = new Date(startMs);
      const endAt = endMs === null ? null : new Date(endMs);
      return {
        dto: {
          id,
          employee_id: employeeId,
          location_id: locationId,
          shift_id: shiftId,
          date,
          start_at: startAt.toISOString(),
          end_at: endAt?.toISOString() ?? null,
          breaks: breaks.map((pause) => ({
            start_at: pause.startAt.toISOString(),
            end_at: pause.endAt?.toISOString() ?? null,
          })),
          ...minutesOf({ startAt, endAt, breaks }, until),
          status,
          source,
        },
        locationName,
        stamped: shift && { shift_date: shift[0], start_time: shift[1], end_time: shift[2] },
        start: startMs,
        end: endMs ?? until.getTime(),
      };
    },
  );
}

type Planned = Day["shifts"][number] & { date: string; employee_id: number; start: number; end: number };

/**
 * The planned shifts an entry is compared with, in the order they start: the shift it was stamped against, and the
 * person's shifts it overlaps — the only one, or each it overlaps by more than the tolerance unless another entry
 * of theirs begins in it (a later shift) or ends in it (an earlier one). So 08:00–12:30 and 13:00–16:00 against
 * 08–12 and 12–16 are one entry per shift (late end, late start), while one entry 08:00–16:00 runs through both.
 */
function shiftsOfEntry(
  item: Worked,
  planned: Planned[],
  plannedById: Map<number, Planned>,
  theirEntries: Worked[],
): Planned[] {
  const linked = item.dto.shift_id !== null ? plannedById.get(item.dto.shift_id) : undefined;
  const overlapped = planned.filter(
    (s) => s.employee_id === item.dto.employee_id && s.start < item.end && item.start < s.end,
  );
  const claimedByAnother = (s: Planned) =>
    theirEntries.some(
      (other) =>
        other !== item &&
        ((s.start > item.start && other.start >= s.start && other.start < s.end) ||
          (s.end < item.end && other.end > s.start && other.end <= s.end)),
    );
  const overlap = (s: Planned) => Math.min(s.end, item.end) - Math.max(s.start, item.start);
  const belongs = (s: Planned) =>
    s === linked || overlapped.length === 1 || (overlap(s) > OFF_PLAN_MS && !claimedByAnother(s));
  const shifts = overlapped.filter(belongs);
  if (linked && !shifts.includes(linked)) shifts.push(linked);
  // A few minutes across a handover, and nothing more: the shift it overlaps most, not "ohne geplante Schicht".
  if (shifts.length === 0 && overlapped.length > 0)
    shifts.push(overlapped.reduce((best, s) => (overlap(s) > overlap(best) ? s : best)));
  return shifts.sort((a, b) => a.start - b.start);
}

/** GET /api/timesheets. */
export async function findTimesheet(db: Db, filter: TimesheetFilter, now = new Date()): Promise<TimesheetDto> {
  const range = { start_date: filter.startDate, end_date: filter.endDate };
  const ids = await employeesInRange(db, filter);
  if (ids.length === 0) return { ...range, employees: [] };
  const window = windowFor(range);
  const [facts, entries, people, absences, months] = await Promise.all([
    readRuleFacts(db, { startDate: window.start_date, endDate: window.end_date, employees: { ids } }),
    readWorked(db, { ids, startDate: window.start_date, endDate: window.end_date, now }),
    db.employee.findMany({
      where: { id: { in: ids } },
      select: { id: true, firstName: true, lastName: true, archivedAt: true },
    }),
    findAbsences({ startDate: filter.startDate, endDate: filter.endDate }),
    readMonths(db, { employeeIds: ids, fromMonth: filter.startDate.slice(0, 7), toMonth: filter.endDate.slice(0, 7) }),
  ]);
  // An employee who does not exist is a 404, not an empty timesheet (an archived one has one, maybe empty).
  if (filter.employeeId !== undefined && people.length === 0) throw employeeNotFound();
  const zone = config.timeZone;
  const inRange = (date: string) => date >= filter.startDate && date <= filter.endDate;
  const atLocation = (locationId: number) => filter.locationId === undefined || locationId === filter.locationId;

  const planned: Planned[] = [];
  const plannedById = new Map<number, Planned>();
  for (const shift of facts.shifts) {
    if (shift.employee_id === null) continue;
    const { start, end } = shiftInterval(shift, zone);
    const item: Planned = {
      id: shift.id,
      employee_id: shift.employee_id,
      date: shift.shift_date,
      location_id: shift.location_id,
      location_name: shift.location_name,
      start_time: shift.start_time,
      end_time: shift.end_time,
      start_at: new Date(start).toISOString(),
      end_at: new Date(end).toISOString(),
      break_minutes: shift.break_minutes,
      // Real elapsed time less the break: a night over a change of the clocks counts the hours it really has.
      planned_minutes: Math.max(0, Math.round((end - start) / MINUTE_MS) - shift.break_minutes),
      start,
      end,
    };
    planned.push(item);
    plannedById.set(item.id, item);
  }
  // A day's shifts, and the flags about them, in the order they start (the rules' facts come in no fixed order).
  planned.sort((a, b) => a.start - b.start || a.id - b.id);

  const worked = entries;

  // The rules on the worked times: each counting entry as a "shift" of its business day and wall-clock times. One
  // formatter for all of them: building one per call (timeOfDayIn) cost more than the rest of the answer.
  const wallClock = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const ruleShifts: RuleShift[] = [];
  for (const { dto, locationName, start, end } of worked) {
    if (dto.status === "void") continue;
    // A day's wall-clock times hold less than 24 h: a longer entry (a forgotten stamp ended late) goes to the rules
    // in pieces, one per business day it touches, so its length is not folded away; its breaks count in the first.
    const pieces =
      end - start < DAY_MS - MINUTE_MS ? [{ date: dto.date, from: start, to: end }] : daysOf(zone, start, end);
    pieces.forEach(({ date, from, to }, index) => {
      const startTime = wallClock.format(from);
      const endTime = wallClock.format(to);
      if (startTime === endTime) return;
      const minutes = Math.round((to - from) / MINUTE_MS);
      ruleShifts.push({
        id: dto.id,
        employee_id: dto.employee_id,
        location_id: dto.location_id,
        location_name: locationName,
        shift_date: date,
        start_time: startTime,
        end_time: endTime,
        break_minutes: index === 0 ? Math.min(dto.break_minutes, Math.max(0, minutes - 1)) : 0,
      });
    });
  }
  const findings = findingsInRange(
    {
      ...facts,
      // Worked time is checked for everyone it was worked by, also someone who has left since.
      employees: facts.employees.map((employee) => ({ ...employee, archived: false })),
      shifts: ruleShifts,
      vacations: [],
      unavailability: [],
    },
    range,
  ).filter((finding) => WORKED_FINDINGS.has(finding.code));
  const entryDate = new Map(worked.map(({ dto }) => [dto.id, dto.date]));

  const sheets = new Map<number, Map<string, Day>>(ids.map((id) => [id, new Map()]));
  const dayOf = (employeeId: number, date: string): Day => {
    const days = sheets.get(employeeId)!;
    let day = days.get(date);
    if (!day) {
      day = {
        date,
        shifts: [],
        entries: [],
        absences: [],
        planned_minutes: 0,
        worked_minutes: 0,
        difference_minutes: 0,
        flags: [],
        findings: [],
      };
      days.set(date, day);
    }
    return day;
  };
  const flag = (day: Day, code: TimesheetFlagCode, about: Omit<Flag, "code" | "label">, ms = 0) =>
    day.flags.push({ code, label: FLAG_LABELS[code](ms), ...about });

  // Entries matched to their shifts (docs/PRODUCT-RULES.md §32.3): one entry through two shifts in a row (08–12
  // and 12–16, stamped once) stamps both; two entries each stamp their own.
  const counting = worked.filter(({ dto }) => dto.status !== "void");
  const matched = new Map<number, Worked[]>();
  /** Each matched entry's shifts, in the order they start. */
  const matchedEntries = new Map<number, Planned[]>();
  const countingByEmployee = new Map<number, Worked[]>();
  for (const item of counting) {
    const theirs = countingByEmployee.get(item.dto.employee_id);
    if (theirs) theirs.push(item);
    else countingByEmployee.set(item.dto.employee_id, [item]);
  }
  for (const item of counting) {
    const shifts = shiftsOfEntry(item, planned, plannedById, countingByEmployee.get(item.dto.employee_id)!);
    for (const shift of shifts) matched.set(shift.id, [...(matched.get(shift.id) ?? []), item]);
    if (shifts.length > 0) matchedEntries.set(item.dto.id, shifts);
  }
  // A day the employee is recorded absent on (sick, military, …, also for some hours) explains a missing stamp.
  const absentDays = new Set<string>();
  for (const absence of absences) {
    const from = absence.start_date > filter.startDate ? absence.start_date : filter.startDate;
    const to = absence.end_date < filter.endDate ? absence.end_date : filter.endDate;
    for (let date = from; date <= to; date = addDays(date, 1)) absentDays.add(`${absence.employee_id}:${date}`);
  }

  for (const shift of planned) {
    if (!inRange(shift.date) || !atLocation(shift.location_id)) continue;
    const day = dayOf(shift.employee_id, shift.date);
    const { start, end } = shift;
    day.shifts.push({
      id: shift.id,
      location_id: shift.location_id,
      location_name: shift.location_name,
      start_time: shift.start_time,
      end_time: shift.end_time,
      start_at: shift.start_at,
      end_at: shift.end_at,
      break_minutes: shift.break_minutes,
      planned_minutes: shift.planned_minutes,
    });
    day.planned_minutes += shift.planned_minutes;
    const mine = matched.get(shift.id) ?? [];
    const about = { shift_id: shift.id, entry_id: null };
    if (mine.length === 0) {
      // Late beyond the tolerance without a stamp: flagged from then on, not only once the shift is over.
      const absent = absentDays.has(`${shift.employee_id}:${shift.date}`);
      if (!absent && start + OFF_PLAN_MS < now.getTime()) flag(day, "missing_stamp", about);
      continue;
    }
    const first = mine[0];
    const last = mine[mine.length - 1];
    // An entry through several shifts is compared with the first one's start and the last one's end only.
    const firstShifts = matchedEntries.get(first.dto.id)!;
    const lastShifts = matchedEntries.get(last.dto.id)!;
    if (firstShifts[0] === shift && Math.abs(first.start - start) > OFF_PLAN_MS)
      flag(day, "start_off", { shift_id: shift.id, entry_id: first.dto.id }, first.start - start);
    if (lastShifts.at(-1) === shift && last.dto.end_at !== null && Math.abs(last.end - end) > OFF_PLAN_MS)
      flag(day, "end_off", { shift_id: shift.id, entry_id: last.dto.id }, last.end - end);
  }

  for (const item of worked) {
    const { dto } = item;
    if (!inRange(dto.date) || !atLocation(dto.location_id)) continue;
    const day = dayOf(dto.employee_id, dto.date);
    day.entries.push({
      id: dto.id,
      location_id: dto.location_id,
      location_name: item.locationName,
      shift_id: dto.shift_id,
      start_at: dto.start_at,
      end_at: dto.end_at,
      breaks: dto.breaks,
      break_minutes: dto.break_minutes,
      worked_minutes: dto.worked_minutes,
      status: dto.status,
      source: dto.source,
    });
    if (dto.status === "void") continue;
    day.worked_minutes += dto.worked_minutes;
    const about = { shift_id: null, entry_id: dto.id };
    if (!matchedEntries.has(dto.id)) flag(day, "unplanned", about);
    if (dto.status === "running" && looksForgotten(item.start, item.stamped, now.getTime()))
      flag(day, "forgotten_clock_out", { ...about, shift_id: dto.shift_id });
  }

  // The law counts all work: a finding is shown on its day even when the entry is at another location.
  for (const finding of findings) {
    const date = entryDate.get(finding.shift_id);
    if (date === undefined) continue;
    dayOf(finding.employee_id, date).findings.push({
      code: finding.code,
      severity: finding.severity,
      message: finding.message,
      entry_id: finding.shift_id,
    });
  }

  for (const absence of absences) {
    if (!sheets.has(absence.employee_id)) continue;
    const from = absence.start_date > filter.startDate ? absence.start_date : filter.startDate;
    const to = absence.end_date < filter.endDate ? absence.end_date : filter.endDate;
    for (let date = from; date <= to; date = addDays(date, 1)) {
      dayOf(absence.employee_id, date).absences.push({ id: absence.id, type: absence.type, hours: absence.hours });
    }
  }

  const names = new Map(people.map((person) => [person.id, person]));
  const sheetsOut: EmployeeSheet[] = [];
  for (const [employeeId, daysById] of sheets) {
    const person = names.get(employeeId);
    if (!person) continue;
    const days = [...daysById.values()].sort((a, b) => a.date.localeCompare(b.date));
    const totals = { planned_minutes: 0, worked_minutes: 0, difference_minutes: 0 };
    for (const day of days) {
      day.difference_minutes = day.worked_minutes - day.planned_minutes;
      totals.planned_minutes += day.planned_minutes;
      totals.worked_minutes += day.worked_minutes;
    }
    totals.difference_minutes = totals.worked_minutes - totals.planned_minutes;
    sheetsOut.push({
      employee_id: employeeId,
      employee_name: `${person.firstName} ${person.lastName}`,
      archived: person.archivedAt !== null,
      days,
      totals,
      months: months.get(employeeId) ?? [],
    });
  }
  sheetsOut.sort((a, b) => {
    const pa = names.get(a.employee_id)!;
    const pb = names.get(b.employee_id)!;
    return (
      compareNames(pa.lastName, pb.lastName) ||
      compareNames(pa.firstName, pb.firstName) ||
      a.employee_id - b.employee_id
    );
  });
  return { ...range, employees: sheetsOut };
}

/** The business days an interval touches, each with its part of the interval (split at the zone's midnights). */
function daysOf(zone: string, start: number, end: number): { date: string; from: number; to: number }[] {
  const pieces: { date: string; from: number; to: number }[] = [];
  for (let from = start; from < end;) {
    const date = todayIn(zone, new Date(from));
    const to = Math.min(end, instantOf(zone, dayNumber(date) + 1, 0));
    pieces.push({ date, from, to });
    from = to;
  }
  return pieces;
}
