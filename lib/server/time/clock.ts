import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { LOCKING_TRANSACTION, db as client, type Db, type Tx } from "@/lib/server/db/client";
import { fromDateColumn, fromTimeColumn, toDateColumn } from "@/lib/server/db/columns";
import { transaction } from "@/lib/server/db/transaction";
import type { ClockStateDto } from "@/lib/shared/api-types";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";
import {
  assertMonthOpen,
  checkLocation,
  holdNearShift,
  lockEntryEmployee,
  nearShift,
  shiftsOnDate,
} from "./entry-checks";
import { looksForgotten } from "./forgotten";
import { businessDateOf, ENTRY_SELECT, toTimeEntryDto } from "./time-entry-dto";

/**
 * Stamping (docs/PRODUCT-RULES.md §32.1): the one state machine behind `POST /api/me/clock` and the terminal. The
 * server's clock is the only clock: the instant of a stamp is read here, after the employee's lock is held, so
 * stamps of one person are stored in the order they happened. Independent of HTTP: the terminal calls `clock`
 * with `source: "terminal"` and `actor: null`.
 */
export type ClockOptions = {
  employeeId: number;
  action: ClockAction;
  /** For "in" without a planned shift near; given, it also decides where a stamp near a shift counts. */
  locationId?: number;
  source: "app" | "terminal";
  /** The user who stamps; null for a terminal. */
  actor: { id: number; username: string } | null;
  ip: string;
};

export const NOT_CLOCKED_IN = "Du bist nicht eingestempelt.";
export const ALREADY_CLOCKED_IN = "Du bist bereits eingestempelt.";
export const BREAK_RUNNING = "Deine Pause läuft bereits.";
export const NO_BREAK = "Du hast keine Pause begonnen.";
export const PICK_LOCATION = "Keine Schicht in der Nähe: bitte wähle den Standort, an dem du arbeitest.";
const TOO_QUICK = "Zu schnell hintereinander gestempelt: bitte versuche es gleich noch einmal.";

/**
 * One stamp, in the caller's transaction. Refusals: 409 with a German message that says what is wrong. Answers the
 * instant recorded (the terminal's confirmation shows it).
 */
export async function clock(tx: Tx, options: ClockOptions): Promise<{ at: Date }> {
  const { employeeId, action } = options;
  await lockEntryEmployee(tx, employeeId);
  const now = new Date();
  const running = await tx.timeEntry.findFirst({
    where: { employeeId, status: "running" },
    select: { id: true, startAt: true, breaks: { where: { endAt: null }, select: { id: true, startAt: true } } },
  });
  const runningBreak = running?.breaks[0] ?? null;
  const after = (instant: Date) => {
    // end > start is a CHECK of the table; two stamps in the same millisecond are a double tap.
    if (now.getTime() <= instant.getTime()) throw new ApiError("conflict", TOO_QUICK);
  };
  let entryId: number;
  let details: Record<string, unknown> = {};

  switch (action) {
    case "in": {
      if (running) throw new ApiError("conflict", ALREADY_CLOCKED_IN);
      // Today's month may be approved already (docs/PRODUCT-RULES.md §32.3): no entry is added to it.
      await assertMonthOpen(tx, employeeId, businessDateOf(now));
      const shift = await holdNearShift(tx, { employeeId, at: now, locationId: options.locationId });
      const locationId = options.locationId ?? shift?.location_id;
      if (locationId === undefined)
        throw new ApiError("validation_failed", PICK_LOCATION, { fields: { location_id: PICK_LOCATION } });
      // The plan says where a planned shift is worked; a location picked by the person must be an Einsatzort.
      const planned = shift !== null && shift.location_id === locationId;
      await checkLocation(tx, { locationId, ...(!planned && { einsatzortOf: employeeId }) });
      try {
        const entry = await tx.timeEntry.create({
          data: {
            employeeId,
            locationId,
            shiftId: shift?.id ?? null,
            date: toDateColumn(businessDateOf(now)),
            startAt: now,
            source: options.source,
            status: "running",
          },
          select: { id: true },
        });
        entryId = entry.id;
      } catch (error) {
        // The partial unique index: only reachable if the lock above were missing; still a 409, never a 500.
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
          throw new ApiError("conflict", ALREADY_CLOCKED_IN);
        throw error;
      }
      details = { location_id: locationId, shift_id: shift?.id ?? null };
      break;
    }
    case "break_start": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      if (runningBreak) throw new ApiError("conflict", BREAK_RUNNING);
      await tx.timeBreak.create({ data: { entryId: running.id, startAt: now } });
      entryId = running.id;
      break;
    }
    case "break_end": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      if (!runningBreak) throw new ApiError("conflict", NO_BREAK);
      after(runningBreak.startAt);
      await tx.timeBreak.update({ where: { id: runningBreak.id }, data: { endAt: now } });
      entryId = running.id;
      break;
    }
    case "out": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      after(runningBreak?.startAt ?? running.startAt);
      // Out ends a running break with the entry (PRODUCT §12).
      if (runningBreak) await tx.timeBreak.update({ where: { id: runningBreak.id }, data: { endAt: now } });
      await tx.timeEntry.update({ where: { id: running.id }, data: { endAt: now, status: "recorded" } });
      entryId = running.id;
      break;
    }
  }
  await recordAudit(tx, {
    actor: options.actor,
    ip: options.ip,
    action: "time_entry.clock",
    entityType: "time_entry",
    entityId: entryId,
    details: { employee_id: employeeId, action, source: options.source, at: now.toISOString(), ...details },
  });
  return { at: now };
}

/** A stamp in a transaction of its own, answered with the employee's clock state after it. */
export async function recordClock(options: ClockOptions): Promise<ClockStateDto> {
  await transaction((tx) => clock(tx, options), LOCKING_TRANSACTION);
  return clockState(client, options.employeeId);
}

const NEXT_ACTIONS = {
  out: ["in"],
  in: ["break_start", "out"],
  break: ["break_end", "out"],
} as const satisfies Record<ClockStateDto["state"], readonly ClockAction[]>;

/**
 * What `/me` shows beside the big button (docs/PRODUCT-RULES.md §32.1): the state and its next actions, the running
 * entry and whether it looks forgotten, today's entries and planned shifts, the shift "in" would take now, and the
 * Einsatzorte for the picker when none is near.
 */
export async function clockState(db: Db, employeeId: number): Promise<ClockStateDto> {
  const now = new Date();
  const today = businessToday();
  const [running, todays, shifts, near, places] = await Promise.all([
    db.timeEntry.findFirst({ where: { employeeId, status: "running" }, select: ENTRY_SELECT }),
    db.timeEntry.findMany({
      where: { employeeId, date: toDateColumn(today) },
      select: ENTRY_SELECT,
      orderBy: [{ startAt: "asc" }, { id: "asc" }],
    }),
    shiftsOnDate(db, employeeId, today),
    nearShift(db, { employeeId, at: now }),
    einsatzorte(db, employeeId),
  ]);
  const onBreak = running?.breaks.some((pause) => pause.endAt === null) ?? false;
  const state = !running ? "out" : onBreak ? "break" : "in";
  return {
    state,
    next_actions: [...NEXT_ACTIONS[state]],
    server_time: now.toISOString(),
    running_entry: running ? toTimeEntryDto(running, now) : null,
    forgotten: running ? await isForgotten(db, running, now) : false,
    today_entries: todays.map((row) => toTimeEntryDto(row, now)),
    today_shifts: shifts,
    near_shift: near,
    locations: places,
  };
}

async function isForgotten(db: Db, running: { startAt: Date; shiftId: number | null }, now: Date): Promise<boolean> {
  const shift =
    running.shiftId === null
      ? null
      : await db.shift.findUnique({
          where: { id: running.shiftId },
          select: { shiftDate: true, startTime: true, endTime: true },
        });
  const stamped = shift && {
    shift_date: fromDateColumn(shift.shiftDate),
    start_time: fromTimeColumn(shift.startTime),
    end_time: fromTimeColumn(shift.endTime),
  };
  return looksForgotten(running.startAt.getTime(), stamped, now.getTime());
}

/** The employee's Einsatzorte among the active locations (none recorded: every active location), by name. */
async function einsatzorte(db: Db, employeeId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db.$queryRaw<{ id: number; name: string }[]>`
    SELECT l.id, l.name FROM locations l
    WHERE l.archived_at IS NULL
      AND (NOT EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = ${employeeId})
           OR EXISTS (SELECT 1 FROM employee_locations el
                      WHERE el.employee_id = ${employeeId} AND el.location_id = l.id))
    ORDER BY l.name COLLATE "de-CH-x-icu", l.id`;
  return rows;
}
