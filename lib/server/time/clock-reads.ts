import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { config } from "@/lib/server/config";
import { PREPARED, type Db } from "@/lib/server/db/client";
import { addDays } from "@/lib/shared/dates";
import { shiftInterval } from "@/lib/shared/rules/time";
import { monthOf, NEAR_SHIFT_MS, type PlannedShift } from "./entry-checks";
import type { EntryRow } from "./time-entry-dto";

/**
 * The reads of stamping, one SQL statement each (docs/PERFORMANCE.md, P16): a stamp is the busiest write of the
 * app — a whole shift change stamps in the same minute — so what it reads is read in one round trip, as one JSON
 * text (far cheaper to carry and parse than rows of several ORM queries), the way the timesheet and the planning
 * rules read theirs (./timesheet.ts, lib/server/rules/read-rule-facts.ts).
 */

/** Milliseconds since the epoch of a timestamp column, for JSON. */
const ms = (column: Prisma.Sql) => Prisma.sql`(extract(epoch FROM ${column}) * 1000)::float8`;

/** [id, location_id, yyyy-MM-dd, HH:mm, HH:mm, location name] of the employee's shifts from `fromDate` to `toDate`. */
const shiftRows = (employeeId: number, fromDate: string, toDate: string) => Prisma.sql`(
  SELECT coalesce(json_agg(json_build_array(
           s.id, s.location_id, to_char(s.shift_date, 'YYYY-MM-DD'), to_char(s.start_time, 'HH24:MI'),
           to_char(s.end_time, 'HH24:MI'), l.name)), '[]')
  FROM shifts s JOIN locations l ON l.id = s.location_id
  WHERE s.employee_id = ${employeeId} AND s.shift_date BETWEEN ${fromDate}::date AND ${toDate}::date)`;

type ShiftJson = [id: number, locationId: number, date: string, start: string, end: string, name: string];

/** A shift row as `PlannedShift`, its instants from `shiftInterval` as in ./entry-checks.ts (§24.2). */
function plannedShift([id, location_id, shift_date, start_time, end_time, name]: ShiftJson): PlannedShift {
  const { start, end } = shiftInterval({ shift_date, start_time, end_time }, config.timeZone);
  return {
    id,
    location_id,
    location_name: name,
    shift_date,
    start_time,
    end_time,
    start_at: new Date(start).toISOString(),
    end_at: new Date(end).toISOString(),
  };
}

/**
 * The shift "in" takes at `at` among `shifts`: the one starting nearest to it within 2 hours (at `locationId` when
 * given), as `nearShift` of ./entry-checks.ts picks it.
 */
export function nearestShift(shifts: PlannedShift[], at: Date, locationId?: number): PlannedShift | null {
  const distance = (shift: PlannedShift) => Math.abs(new Date(shift.start_at).getTime() - at.getTime());
  return (
    shifts
      .filter(
        (shift) => (locationId === undefined || shift.location_id === locationId) && distance(shift) <= NEAR_SHIFT_MS,
      )
      .sort((a, b) => distance(a) - distance(b) || a.id - b.id)[0] ?? null
  );
}

/** A break as the state reads it, with its id (a stamp ends it by id). */
export type BreakRow = EntryRow["breaks"][number] & { id: number };
/** An entry as the state reads it (`toTimeEntryDto` takes it), its breaks with their ids. */
export type StateRow = Omit<EntryRow, "breaks"> & { breaks: BreakRow[] };

/**
 * What the clock state is built from (`stateOf` in ./clock.ts), and what a stamp decides on: a stamp reads it,
 * writes if it is still so, and answers the state from it with its own write applied — no read after the write.
 */
export type ClockFacts = {
  /** False for an unknown or archived employee: no stamp. */
  active: boolean;
  /** The employee's `time_version` as read: a stamp writes only while it is unchanged (lib/server/db/locks.ts). */
  timeVersion: number;
  firstName: string;
  lastName: string;
  /** The running entry, if any, and the times of the shift it was stamped against (null: none or gone). */
  running: {
    row: StateRow;
    shift: { shift_date: string; start_time: string; end_time: string } | null;
  } | null;
  /** The entries dated `today`, by start. */
  todays: StateRow[];
  /** The employee's shifts dated the day before `today` to the day after, by start. */
  shifts: PlannedShift[];
  /** The Einsatzorte among the active locations (none recorded: every active location), by name. */
  places: { id: number; name: string }[];
  /** The month of the business day `date` is approved (docs/PRODUCT-RULES.md §32.3). */
  monthApproved: boolean;
  /** The location ids of the employee's Einsatzorte, archived ones too; none recorded: empty (every location). */
  einsatzorte: number[];
};

type EntryJson = [
  id: number,
  locationId: number,
  shiftId: number | null,
  date: string,
  startAt: number,
  endAt: number | null,
  source: EntryRow["source"],
  status: EntryRow["status"],
  note: string | null,
  createdAt: number,
  updatedAt: number,
  breaks: [startAt: number, endAt: number | null, id: number][],
  shift: [date: string, start: string, end: string] | null,
];

type ClockFactsJson = {
  employee: [first: string, last: string, archived: boolean, timeVersion: number] | null;
  approved: boolean;
  einsatzorte: number[];
  entries: EntryJson[];
  shifts: ShiftJson[];
  places: { id: number; name: string }[];
};

/**
 * The clock state's facts in one statement: the employee's entries dated `today` and the running one (of any day),
 * with their breaks and the running entry's shift; the shifts around `today` and `date` (the business day of now,
 * which `today` is outside tests); the Einsatzorte; whether `date`'s month is approved.
 *
 * A stamp reads it without a lock and then writes only if the employee's `time_version` is still the one read here
 * (`stampClaims`, lib/server/db/locks.ts): every other write of what it decides on moves the version on
 * (./entry-checks.ts), so a stamp never writes on facts that changed after this read.
 */
export async function readClockFacts(
  db: Db,
  { employeeId, today, date }: { employeeId: number; today: string; date: string },
): Promise<ClockFacts> {
  const [from, to] = today < date ? [today, date] : [date, today];
  const [{ facts }] = await db.$queryRaw<[{ facts: string }]>`${PREPARED}
    SELECT json_build_object(
      'employee', (SELECT json_build_array(e.first_name, e.last_name, e.archived_at IS NOT NULL, e.time_version)
                   FROM employees e WHERE e.id = ${employeeId}),
      'entries', (
        SELECT coalesce(json_agg(json_build_array(
                 t.id, t.location_id, t.shift_id, to_char(t.date, 'YYYY-MM-DD'), ${ms(Prisma.sql`t.start_at`)},
                 ${ms(Prisma.sql`t.end_at`)}, t.source, t.status, t.note, ${ms(Prisma.sql`t.created_at`)},
                 ${ms(Prisma.sql`t.updated_at`)},
                 coalesce((SELECT json_agg(json_build_array(${ms(Prisma.sql`b.start_at`)},
                                                            ${ms(Prisma.sql`b.end_at`)}, b.id)
                                    ORDER BY b.start_at, b.id)
                           FROM time_breaks b WHERE b.entry_id = t.id), '[]'),
                 CASE WHEN t.status = 'running' THEN (
                   SELECT json_build_array(to_char(s.shift_date, 'YYYY-MM-DD'), to_char(s.start_time, 'HH24:MI'),
                                           to_char(s.end_time, 'HH24:MI'))
                   FROM shifts s WHERE s.id = t.shift_id) END)
               ORDER BY t.start_at, t.id), '[]')
        FROM time_entries t
        WHERE t.employee_id = ${employeeId} AND (t.date = ${today}::date OR t.status = 'running')),
      'shifts', ${shiftRows(employeeId, addDays(from, -1), addDays(to, 1))},
      'approved', EXISTS (
        SELECT 1 FROM timesheet_months m
        WHERE m.employee_id = ${employeeId} AND m.month = ${monthOf(date)}::date AND m.approved_at IS NOT NULL),
      'einsatzorte', (SELECT coalesce(json_agg(el.location_id), '[]') FROM employee_locations el
                      WHERE el.employee_id = ${employeeId}),
      'places', (
        SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.name)
                                 ORDER BY l.name COLLATE "de-CH-x-icu", l.id), '[]')
        FROM locations l
        WHERE l.archived_at IS NULL
          AND (NOT EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = ${employeeId})
               OR EXISTS (SELECT 1 FROM employee_locations el
                          WHERE el.employee_id = ${employeeId} AND el.location_id = l.id)))
    )::text AS facts`;
  const parsed = JSON.parse(facts) as ClockFactsJson;
  const [firstName, lastName, archived, timeVersion] = parsed.employee ?? ["", "", true, 0];
  const rows = parsed.entries.map((entry) => ({
    row: entryRow(entry, employeeId, firstName, lastName),
    shift: entry[12],
  }));
  const running = rows.find(({ row }) => row.status === "running");
  return {
    active: !archived,
    timeVersion,
    firstName,
    lastName,
    running: running
      ? {
          row: running.row,
          shift: running.shift && {
            shift_date: running.shift[0],
            start_time: running.shift[1],
            end_time: running.shift[2],
          },
        }
      : null,
    todays: rows.filter(({ row }) => row.date.toISOString().slice(0, 10) === today).map(({ row }) => row),
    shifts: parsed.shifts.map(plannedShift).sort((a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id),
    places: parsed.places,
    monthApproved: parsed.approved,
    einsatzorte: parsed.einsatzorte,
  };
}

function entryRow(entry: EntryJson, employeeId: number, firstName: string, lastName: string): StateRow {
  const [id, locationId, shiftId, date, startAt, endAt, source, status, note, createdAt, updatedAt, breaks] = entry;
  return {
    id,
    employeeId,
    locationId,
    shiftId,
    date: new Date(`${date}T00:00:00.000Z`),
    startAt: new Date(startAt),
    endAt: endAt === null ? null : new Date(endAt),
    source,
    status,
    note,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    employee: { firstName, lastName },
    breaks: breaks.map(([start, end, id]) => ({
      id,
      startAt: new Date(start),
      endAt: end === null ? null : new Date(end),
    })),
  };
}
