import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday } from "@/lib/server/clock";
import { LOCKING_TRANSACTION, type Db, type Tx } from "@/lib/server/db/client";
import { shareLocations, shareShiftRow } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { ClockStateDto } from "@/lib/shared/api-types";
import type { AuditAction } from "@/lib/shared/audit-kinds";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";
import { type ClockFacts, nearestShift, readClockFacts } from "./clock-reads";
import { holdNearShift, lockEntryEmployee, MONTH_APPROVED, type PlannedShift } from "./entry-checks";
import { looksForgotten } from "./forgotten";
import { businessDateOf, toTimeEntryDto } from "./time-entry-dto";

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
 * instant recorded (the terminal's confirmation shows it), the employee's first name (its greeting) and the clock
 * state's facts with this stamp applied (`/api/me/clock` answers them as the state).
 *
 * The statements (docs/PERFORMANCE.md, P16; pinned by app/api/me/clock/route.test.ts): the employee's lock; one read
 * of everything the stamp decides on and the state shows (./clock-reads.ts), made after the lock so it sees the
 * person's previous stamp; for "in" the near shift held (only when there is one) and the location held; then the
 * write and its audit row in one statement.
 */
export async function clock(
  tx: Tx,
  options: ClockOptions,
): Promise<{ at: Date; firstName: string; facts: ClockFacts; today: string }> {
  const { employeeId, action } = options;
  await lockEntryEmployee(tx, employeeId);
  const now = new Date();
  const date = businessDateOf(now);
  const today = businessToday();
  const facts = await readClockFacts(tx, { employeeId, today, date });
  const running = facts.running;
  const runningBreak = running?.row.breaks.find((pause) => pause.endAt === null) ?? null;
  const after = (instant: Date) => {
    // end > start is a CHECK of the table; two stamps in the same millisecond are a double tap.
    if (now.getTime() <= instant.getTime()) throw new ApiError("conflict", TOO_QUICK);
  };
  const audit = { actor: options.actor, ip: options.ip };
  const details = { employee_id: employeeId, action, source: options.source, at: now.toISOString() };

  switch (action) {
    case "in": {
      if (running) throw new ApiError("conflict", ALREADY_CLOCKED_IN);
      // Today's month may be approved already (docs/PRODUCT-RULES.md §32.3): no entry is added to it.
      if (facts.monthApproved) throw new ApiError("conflict", MONTH_APPROVED);
      const near = { employeeId, at: now, locationId: options.locationId };
      const shift = await holdShift(tx, nearestShift(facts.shifts, now, options.locationId), near);
      const locationId = options.locationId ?? shift?.location_id;
      if (locationId === undefined)
        throw new ApiError("validation_failed", PICK_LOCATION, { fields: { location_id: PICK_LOCATION } });
      // The plan says where a planned shift is worked; a location picked by the person must be an Einsatzort.
      const planned = shift !== null && shift.location_id === locationId;
      await holdStampLocation(tx, locationId, planned ? [] : facts.einsatzorte);
      const shiftId = shift?.id ?? null;
      const id = await writeWithAudit(
        tx,
        Prisma.sql`w AS (
          INSERT INTO time_entries
            (employee_id, location_id, shift_id, date, start_at, source, status, created_at, updated_at)
          VALUES (${employeeId}, ${locationId}, ${shiftId}::int, ${date}::date, ${now},
                  ${options.source}::"TimeEntrySource", 'running', ${now}, ${now})
          RETURNING id)`,
        { ...audit, details: { ...details, location_id: locationId, shift_id: shiftId } },
      );
      const row = {
        ...{ id, employeeId, locationId, shiftId, date: new Date(`${date}T00:00:00.000Z`), startAt: now },
        ...{ endAt: null, source: options.source, status: "running" as const, note: null },
        ...{ createdAt: now, updatedAt: now, employee: { firstName: facts.firstName, lastName: facts.lastName } },
        breaks: [],
      };
      facts.running = { row, shift: shift && pick(shift, "shift_date", "start_time", "end_time") };
      if (date === today) facts.todays.push(row);
      break;
    }
    case "break_start": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      if (runningBreak) throw new ApiError("conflict", BREAK_RUNNING);
      const id = await writeWithAudit(
        tx,
        Prisma.sql`w AS (
          INSERT INTO time_breaks (entry_id, start_at) VALUES (${running.row.id}, ${now}) RETURNING entry_id, id)`,
        { ...audit, details },
        "entry_id",
      );
      running.row.breaks.push({ id, startAt: now, endAt: null });
      break;
    }
    case "break_end": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      if (!runningBreak) throw new ApiError("conflict", NO_BREAK);
      after(runningBreak.startAt);
      await writeWithAudit(
        tx,
        Prisma.sql`w AS (
          UPDATE time_breaks SET end_at = ${now} WHERE id = ${runningBreak.id} RETURNING entry_id AS id)`,
        { ...audit, details },
      );
      runningBreak.endAt = now;
      break;
    }
    case "out": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      after(runningBreak?.startAt ?? running.row.startAt);
      // Out ends a running break with the entry (PRODUCT §12).
      const breakIds = runningBreak ? [runningBreak.id] : [];
      await writeWithAudit(
        tx,
        Prisma.sql`b AS (
          UPDATE time_breaks SET end_at = ${now} WHERE id = ANY(${breakIds}::int[])
        ), w AS (
          UPDATE time_entries SET end_at = ${now}, status = 'recorded', updated_at = ${now}
          WHERE id = ${running.row.id} RETURNING id)`,
        { ...audit, details },
      );
      if (runningBreak) runningBreak.endAt = now;
      Object.assign(running.row, { endAt: now, status: "recorded", updatedAt: now });
      facts.running = null;
      break;
    }
  }
  return { at: now, firstName: facts.firstName, facts, today };
}

function pick<T, K extends keyof T>(value: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

const CLOCK_AUDIT = "time_entry.clock" satisfies AuditAction;

/**
 * The stamp's write (`ctes`: data-modifying CTEs, the last one `w`) and its audit row (docs/PRODUCT-RULES.md §6.2;
 * the row `recordAudit` would write) in one statement. `w` answers the entry's id as `entityColumn` ("id" unless
 * said) and may answer more; answers `w.id` (the new break's id when `w` is a break).
 */
async function writeWithAudit(
  tx: Tx,
  ctes: Prisma.Sql,
  { actor, ip, details }: { actor: ClockOptions["actor"]; ip: string; details: Record<string, unknown> },
  entityColumn: "id" | "entry_id" = "id",
): Promise<number> {
  const entity = Prisma.raw(`w.${entityColumn}`);
  try {
    const rows = await tx.$queryRaw<{ id: number }[]>`
      WITH ${ctes}, a AS (
        INSERT INTO audit_log (user_id, username, action, entity_type, entity_id, details, ip)
        SELECT ${actor?.id ?? null}::int, ${actor?.username ?? null}::text, ${CLOCK_AUDIT}, 'time_entry', ${entity},
               ${JSON.stringify(details)}::jsonb, ${ip}::text
        FROM w)
      SELECT w.id FROM w`;
    // Under the employee's lock the rows read are the rows written; nothing written would be a bug.
    if (rows.length !== 1) throw new Error("Stempeln: der gelesene Eintrag fehlt beim Schreiben");
    return rows[0].id;
  } catch (error) {
    // The partial unique index: only reachable if the lock were missing; still a 409, never a 500.
    if (isUniqueViolation(error)) throw new ApiError("conflict", ALREADY_CLOCKED_IN);
    throw error;
  }
}

/** A unique violation (23505) in the forms Prisma 6 with the pg adapter throws it (see conflictCode). */
function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== "object") return false;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return true;
    const meta = error.meta as { code?: unknown; driverAdapterError?: { cause?: unknown } } | undefined;
    return meta?.code === "23505" || isUniqueViolation(meta?.driverAdapterError?.cause, depth + 1);
  }
  const { code, originalCode, kind, cause } = error as Record<string, unknown>;
  if (originalCode === "23505" || code === "23505" || kind === "UniqueConstraintViolation") return true;
  return isUniqueViolation(cause, depth + 1);
}

/**
 * The shift "in" links the entry to, held FOR SHARE (the lock order: after the employee, before the location), so a
 * planner deleting it meanwhile waits (docs/ARCHITECTURE.md §12.1). Taken when it is unchanged once held; moved or
 * deleted while this waited, the shifts are looked up again the way every other entry write does
 * (`holdNearShift`).
 */
async function holdShift(
  tx: Tx,
  shift: PlannedShift | null,
  near: { employeeId: number; at: Date; locationId?: number },
): Promise<PlannedShift | null> {
  if (shift === null) return null;
  const held = await shareShiftRow(tx, shift.id);
  const unchanged =
    held !== null &&
    held.employeeId === near.employeeId &&
    held.locationId === shift.location_id &&
    held.date === shift.shift_date &&
    held.start === shift.start_time &&
    held.end === shift.end_time;
  return unchanged ? shift : holdNearShift(tx, near);
}

/**
 * Holds the active location (FOR SHARE, after the employee and the shift: the lock order); with `einsatzorte` (the
 * employee's, none recorded = every location) it must be one of them: staff stamp only where they work
 * (docs/PRODUCT-RULES.md §28.1). The refusals of `checkLocation` (./entry-checks.ts), without its second read.
 */
async function holdStampLocation(tx: Tx, locationId: number, einsatzorte: number[]): Promise<void> {
  const location = (await shareLocations(tx, [locationId], { activeOnly: true })).get(locationId);
  const refuse = (message: string) => new ApiError("validation_failed", message, { fields: { location_id: message } });
  if (!location) throw refuse("Standort nicht gefunden");
  if (einsatzorte.length > 0 && !einsatzorte.includes(locationId))
    throw refuse(`${location.name} gehört nicht zu deinen Einsatzorten`);
}

/**
 * A stamp in a transaction of its own, answered with the employee's clock state after it: the state read under the
 * lock with the stamp applied, as a read after the commit would find it (app/api/me/clock/route.test.ts compares).
 */
export async function recordClock(options: ClockOptions): Promise<ClockStateDto> {
  const { facts, today, at } = await transaction((tx) => clock(tx, options), LOCKING_TRANSACTION);
  return stateOf(facts, { now: at, today });
}

/** The state a stamp leaves behind: the terminal's confirmation answers it without reading it again. */
export const STATE_AFTER = {
  in: "in",
  break_start: "break",
  break_end: "in",
  out: "out",
} as const satisfies Record<ClockAction, ClockStateDto["state"]>;

export const NEXT_ACTIONS = {
  out: ["in"],
  in: ["break_start", "out"],
  break: ["break_end", "out"],
} as const satisfies Record<ClockStateDto["state"], readonly ClockAction[]>;

/**
 * What `/me` shows beside the big button (docs/PRODUCT-RULES.md §32.1): the state and its next actions, the running
 * entry and whether it looks forgotten, today's entries and planned shifts, the shift "in" would take now, and the
 * Einsatzorte for the picker when none is near. One statement (./clock-reads.ts).
 */
export async function clockState(db: Db, employeeId: number): Promise<ClockStateDto> {
  const now = new Date();
  const today = businessToday();
  return stateOf(await readClockFacts(db, { employeeId, today, date: businessDateOf(now) }), { now, today });
}

function stateOf(
  { running, todays, shifts, places }: ClockFacts,
  { now, today }: { now: Date; today: string },
): ClockStateDto {
  const onBreak = running?.row.breaks.some((pause) => pause.endAt === null) ?? false;
  const state = !running ? "out" : onBreak ? "break" : "in";
  return {
    state,
    next_actions: [...NEXT_ACTIONS[state]],
    server_time: now.toISOString(),
    running_entry: running ? toTimeEntryDto(running.row, now) : null,
    forgotten: running ? looksForgotten(running.row.startAt.getTime(), running.shift, now.getTime()) : false,
    today_entries: todays.map((row) => toTimeEntryDto(row, now)),
    today_shifts: shifts.filter((shift) => shift.shift_date === today),
    near_shift: nearestShift(shifts, now),
    locations: places,
  };
}
