import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { config } from "@/lib/server/config";
import type { Db, Tx } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { lockEmployeeTimes, shareLocations, shareShift } from "@/lib/server/db/locks";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { addDays, DATE_WINDOW_MESSAGE, MAX_DATE, MIN_DATE, timeOfDayIn } from "@/lib/shared/dates";
import { shiftInterval } from "@/lib/shared/rules/time";
import { formatDate } from "@/lib/shared/format";
import { businessDateOf } from "./time-entry-dto";

/**
 * The checks of a time entry that need other rows, made under the employee's lock (docs/PRODUCT-RULES.md §32.1):
 * every write of an employee's entries takes `lockEntryEmployee` first, so two of them queue and each sees the
 * other's result; a stamp instead writes only if none of them came between its read and its write (./clock.ts).
 */

/** The refusal of a change in an approved month (docs/PRODUCT-RULES.md §32.3). */
export const MONTH_APPROVED = "Dieser Monat ist genehmigt: Einträge lassen sich erst nach dem Wiedereröffnen ändern.";
export const VOID_IS_CLOSED = "Dieser Eintrag ist storniert und lässt sich nicht mehr ändern.";

/**
 * Locks the employee's row (FOR UPDATE) and moves their `time_version` on, so a stamp read before this write does
 * not write after it (`lockEmployeeTimes`); an unknown employee is 404, and so is an archived one unless
 * `archivedToo`: a new entry needs someone who still works here, a correction of past work does not.
 */
export async function lockEntryEmployee(
  tx: Tx,
  employeeId: number,
  { archivedToo = false }: { archivedToo?: boolean } = {},
): Promise<{ name: string }> {
  const employee = await lockEmployeeTimes(tx, employeeId, { activeOnly: !archivedToo });
  if (!employee) throw employeeNotFound();
  return { name: employee.name };
}

function locationField(message: string): ApiError {
  return new ApiError("validation_failed", message, { fields: { location_id: message } });
}

/**
 * Holds an active location (FOR SHARE, after the employee: the lock order) and answers its name. With
 * `einsatzortOf` the location must also be one of that employee's Einsatzorte (none recorded = every location,
 * docs/PRODUCT-RULES.md §28.1): staff stamp only where they work; a manager may record work anywhere.
 */
export async function checkLocation(
  tx: Tx,
  { locationId, einsatzortOf, keep }: { locationId: number; einsatzortOf?: number; keep?: number },
): Promise<string> {
  // The entry's own location stays allowed after it was archived: a correction of old work does not move it.
  const held = await shareLocations(tx, [locationId], { activeOnly: locationId !== keep });
  const location = held.get(locationId);
  if (!location) throw locationField("Standort nicht gefunden");
  if (einsatzortOf !== undefined) {
    const places = await tx.employeeLocation.findMany({
      where: { employeeId: einsatzortOf },
      select: { locationId: true },
    });
    if (places.length > 0 && !places.some((place) => place.locationId === locationId))
      throw locationField(`${location.name} gehört nicht zu deinen Einsatzorten`);
  }
  return location.name;
}

/** A planned shift with its start and end as instants of the business's time zone (real elapsed hours, §4). */
export type PlannedShift = {
  id: number;
  location_id: number;
  location_name: string;
  shift_date: string;
  start_time: string;
  end_time: string;
  start_at: string;
  end_at: string;
};

type ShiftRow = {
  id: number;
  location_id: number;
  location_name: string;
  shift_date: Date;
  start_time: string;
  end_time: string;
};

/**
 * The employee's shifts dated from `fromDate` to `toDate` (at `locationId` when given), with their instants, by
 * start. The instants come from `shiftInterval` (lib/shared/rules/time.ts), as the planning rules compute them: on
 * the October night a wall time that occurs twice is the earlier instant (summer time), where PostgreSQL's
 * `AT TIME ZONE` takes the later one (docs/PRODUCT-RULES.md §24.2).
 */
async function shiftsOf(
  db: Db,
  {
    employeeId,
    fromDate,
    toDate,
    locationId,
  }: { employeeId: number; fromDate: string; toDate: string; locationId?: number },
): Promise<PlannedShift[]> {
  const rows = await db.$queryRaw<ShiftRow[]>`
    SELECT s.id, s.location_id, l.name AS location_name, s.shift_date,
           to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time
    FROM shifts s JOIN locations l ON l.id = s.location_id
    WHERE s.employee_id = ${employeeId}
      AND s.shift_date BETWEEN ${fromDate}::date AND ${toDate}::date
      ${locationId === undefined ? Prisma.empty : Prisma.sql`AND s.location_id = ${locationId}`}`;
  return rows
    .map((row) => {
      const shift_date = fromDateColumn(row.shift_date);
      const { start, end } = shiftInterval(
        { shift_date, start_time: row.start_time, end_time: row.end_time },
        config.timeZone,
      );
      return { ...row, shift_date, start_at: new Date(start).toISOString(), end_at: new Date(end).toISOString() };
    })
    .sort((a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id);
}

/** Today's planned shifts of the employee (the business's today). */
export function shiftsOnDate(db: Db, employeeId: number, date: string): Promise<PlannedShift[]> {
  return shiftsOf(db, { employeeId, fromDate: date, toDate: date });
}

/** How far from a shift's start a stamp still takes that shift (PRODUCT §12). */
export const NEAR_SHIFT_MS = 2 * 3_600_000;

/**
 * The employee's shift that starts within 2 hours before or after `at` (the nearest; at `locationId` when given):
 * "in" takes its location and `shift_id`. Dates around `at` are read, so a night shift of yesterday is seen.
 */
export async function nearShift(
  db: Db,
  { employeeId, at, locationId }: { employeeId: number; at: Date; locationId?: number },
): Promise<PlannedShift | null> {
  const date = businessDateOf(at);
  const shifts = await shiftsOf(db, {
    employeeId,
    fromDate: addDays(date, -1),
    toDate: addDays(date, 1),
    ...(locationId !== undefined && { locationId }),
  });
  const distance = (shift: PlannedShift) => Math.abs(new Date(shift.start_at).getTime() - at.getTime());
  return (
    shifts
      .filter((shift) => distance(shift) <= NEAR_SHIFT_MS)
      .sort((a, b) => distance(a) - distance(b) || a.id - b.id)[0] ?? null
  );
}

/**
 * `nearShift` for a write that links the entry to the shift: the shift is held FOR SHARE (the lock order: after the
 * employee, before the location), so a planner deleting it meanwhile waits, or has deleted it and it is looked up
 * again — never a foreign key error when the entry is written (docs/ARCHITECTURE.md §6.5).
 */
export async function holdNearShift(
  tx: Tx,
  near: { employeeId: number; at: Date; locationId?: number },
): Promise<PlannedShift | null> {
  for (;;) {
    const shift = await nearShift(tx, near);
    if (shift === null) return null;
    // Held, it may still have been moved while this waited: then it is looked up again.
    if ((await shareShift(tx, shift.id)) && (await nearShift(tx, near))?.id === shift.id) return shift;
  }
}

/** "03.12.2026 08:00–12:30" in the business's time zone; "08:00–läuft" for a running entry. */
export function entryTimes(startAt: Date, endAt: Date | null): string {
  const zone = config.timeZone;
  const end = endAt ? timeOfDayIn(zone, endAt) : "läuft";
  return `${formatDate(businessDateOf(startAt))} ${timeOfDayIn(zone, startAt)}–${end}`;
}

/**
 * No other entry of the employee (void ones aside) overlaps [startAt, endAt): 409 naming the other entry's times. A
 * running entry reaches up to any time after its start.
 */
export async function assertNoOverlap(
  tx: Tx,
  { employeeId, startAt, endAt, excludeId }: { employeeId: number; startAt: Date; endAt: Date; excludeId?: number },
): Promise<void> {
  const other = await tx.timeEntry.findFirst({
    where: {
      employeeId,
      status: { not: "void" },
      ...(excludeId !== undefined && { id: { not: excludeId } }),
      startAt: { lt: endAt },
      OR: [{ endAt: null }, { endAt: { gt: startAt } }],
    },
    select: { startAt: true, endAt: true },
    orderBy: { startAt: "asc" },
  });
  if (other)
    throw new ApiError("conflict", `Überschneidet sich mit dem Eintrag vom ${entryTimes(other.startAt, other.endAt)}`);
}

/** The first day of the month of a `yyyy-MM-dd` day, as `timesheet_months.month` names it. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/**
 * 409 when the employee's month of `date` is approved (docs/PRODUCT-RULES.md §32.3): every write of an entry asks
 * this under the employee's lock, which the approval takes too, so an approval and a write never interleave.
 */
export async function assertMonthOpen(tx: Tx, employeeId: number, date: string): Promise<void> {
  const approved = await tx.timesheetMonth.count({
    where: { employeeId, month: toDateColumn(monthOf(date)), approvedAt: { not: null } },
  });
  if (approved > 0) throw new ApiError("conflict", MONTH_APPROVED);
}

/** An entry's status allows a change: not void, not approved. */
export function assertChangeable(status: string): void {
  if (status === "approved") throw new ApiError("conflict", MONTH_APPROVED);
  if (status === "void") throw new ApiError("conflict", VOID_IS_CLOSED);
}

/** The times of an entry written after the fact: not in the future, and on a day of the API's window (§30.1). */
export function assertRecordable({ startAt, endAt, now }: { startAt: Date; endAt: Date | null; now: Date }): void {
  const startDate = businessDateOf(startAt);
  if (startDate < MIN_DATE || startDate > MAX_DATE)
    throw new ApiError("validation_failed", DATE_WINDOW_MESSAGE, { fields: { start_at: DATE_WINDOW_MESSAGE } });
  if (startAt > now) {
    const message = "Der Beginn darf nicht in der Zukunft liegen";
    throw new ApiError("validation_failed", message, { fields: { start_at: message } });
  }
  if (endAt && endAt > now) {
    const message = "Das Ende darf nicht in der Zukunft liegen";
    throw new ApiError("validation_failed", message, { fields: { end_at: message } });
  }
}
