import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday } from "@/lib/server/clock";
import { db, PREPARED, type Db } from "@/lib/server/db/client";
import { stampClaims, type StampShift } from "@/lib/server/db/locks";
import { conflictCode } from "@/lib/server/db/transaction";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import type { ClockStateDto } from "@/lib/shared/api-types";
import type { AuditAction } from "@/lib/shared/audit-kinds";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";
import { type ClockFacts, nearestShift, readClockFacts } from "./clock-reads";
import { MONTH_APPROVED, type PlannedShift } from "./entry-checks";
import { looksForgotten } from "./forgotten";
import { businessDateOf, toTimeEntryDto } from "./time-entry-dto";

/**
 * Stamping (docs/PRODUCT-RULES.md §32.1): the one state machine behind `POST /api/me/clock` and the terminal. The
 * server's clock is the only clock: the instant of a stamp is read after the facts it decides on, and it is written
 * only if those facts are still so (`stampClaims`), so stamps of one person are stored in the order they happened.
 * Independent of HTTP: the terminal calls `clock` with `source: "terminal"` and `actor: null`.
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
const LOCATION_NOT_FOUND = "Standort nicht gefunden";

/** Reads and writes of one stamp before it gives up: each failed try means another write came in between. */
const STAMP_ATTEMPTS = 5;

export type StampResult = { at: Date; firstName: string; facts: ClockFacts; today: string };

/**
 * One stamp. Refusals: 409 with a German message that says what is wrong. Answers the instant recorded (the
 * terminal's confirmation shows it), the employee's first name (its greeting) and the clock state's facts with this
 * stamp applied (`/api/me/clock` answers them as the state).
 *
 * Two statements and no transaction (docs/PERFORMANCE.md, P16; pinned by app/api/me/clock/route.test.ts): the read
 * of everything the stamp decides on and the state shows (./clock-reads.ts), then the write with its audit row and
 * its locks (`stampClaims`), which writes only if what it decided on is still so: the person's entries, breaks,
 * month and Einsatzorte unchanged, the shift it takes where it was read, the location active. When something
 * changed (the person stamped on another device, a manager corrected an entry, the shift was moved), the stamp
 * reads again and decides anew: a second "in" is then refused as one.
 */
export async function clock(db: Db, options: ClockOptions): Promise<StampResult> {
  for (let attempt = 1; attempt <= STAMP_ATTEMPTS; attempt++) {
    const stamped = await tryStamp(db, options);
    if (stamped) return stamped;
  }
  throw new ApiError("conflict", TOO_QUICK);
}

/** One read and one write; null when the write found the facts changed since the read. */
async function tryStamp(db: Db, options: ClockOptions): Promise<StampResult | null> {
  const { employeeId, action } = options;
  const today = businessToday();
  const readDate = businessDateOf(new Date());
  const facts = await readClockFacts(db, { employeeId, today, date: readDate });
  if (!facts.active) throw employeeNotFound();
  // The instant after the read: a stamp the read saw (the person's other device) is never later than this one.
  const now = new Date();
  const date = businessDateOf(now);
  // Read just before midnight, stamped just after: the month read was the other day's. Read again.
  if (date !== readDate) return null;
  const running = facts.running;
  const runningBreak = running?.row.breaks.find((pause) => pause.endAt === null) ?? null;
  const after = (instant: Date) => {
    // end > start is a CHECK of the table; two stamps in the same millisecond are a double tap.
    if (now.getTime() <= instant.getTime()) throw new ApiError("conflict", TOO_QUICK);
  };
  const claim = { employeeId, seenVersion: facts.timeVersion };
  const audit = { actor: options.actor, ip: options.ip };
  const details = { employee_id: employeeId, action, source: options.source, at: now.toISOString() };

  switch (action) {
    case "in": {
      if (running) throw new ApiError("conflict", ALREADY_CLOCKED_IN);
      // Today's month may be approved already (docs/PRODUCT-RULES.md §32.3): no entry is added to it.
      if (facts.monthApproved) throw new ApiError("conflict", MONTH_APPROVED);
      const shift = nearestShift(facts.shifts, now, options.locationId);
      const locationId = options.locationId ?? shift?.location_id;
      if (locationId === undefined)
        throw new ApiError("validation_failed", PICK_LOCATION, { fields: { location_id: PICK_LOCATION } });
      // The plan says where a planned shift is worked; a location picked by the person must be an Einsatzort.
      if (shift === null || shift.location_id !== locationId) await checkEinsatzort(db, locationId, facts.einsatzorte);
      const shiftId = shift?.id ?? null;
      const written = await writeWithAudit(db, {
        claims: stampClaims({ ...claim, place: { shift: shift && stampShift(shift), locationId } }),
        write: Prisma.sql`w AS (
          INSERT INTO time_entries
            (employee_id, location_id, shift_id, date, start_at, source, status, created_at, updated_at)
          SELECT ${employeeId}, held_location.id, ${shiftId}::int, ${date}::date, ${now},
                 ${options.source}::"TimeEntrySource", 'running', ${now}, ${now}
          FROM held_location
          RETURNING id)`,
        stampingIn: true,
        ...audit,
        details: { ...details, location_id: locationId, shift_id: shiftId },
        duplicate: ALREADY_CLOCKED_IN,
      });
      // The shift moved or was deleted since the read: read again (it is no longer near, or near elsewhere).
      if (!written.claimed || (shift && !written.shiftHeld)) return null;
      if (written.id === null) throw locationRefusal(LOCATION_NOT_FOUND);
      const row = {
        ...{ id: written.id, employeeId, locationId, shiftId, date: new Date(`${date}T00:00:00.000Z`), startAt: now },
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
      const written = await writeWithAudit(db, {
        claims: stampClaims(claim),
        write: Prisma.sql`w AS (
          INSERT INTO time_breaks (entry_id, start_at)
          SELECT ${running.row.id}, ${now} FROM claimed
          RETURNING entry_id, id)`,
        entityColumn: "entry_id",
        ...audit,
        details,
        duplicate: BREAK_RUNNING,
      });
      if (written.id === null) return null;
      running.row.breaks.push({ id: written.id, startAt: now, endAt: null });
      break;
    }
    case "break_end": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      if (!runningBreak) throw new ApiError("conflict", NO_BREAK);
      after(runningBreak.startAt);
      const written = await writeWithAudit(db, {
        claims: stampClaims(claim),
        write: Prisma.sql`w AS (
          UPDATE time_breaks SET end_at = ${now}
          WHERE id = ${runningBreak.id} AND EXISTS (SELECT 1 FROM claimed)
          RETURNING entry_id AS id)`,
        ...audit,
        details,
      });
      if (written.id === null) return null;
      runningBreak.endAt = now;
      break;
    }
    case "out": {
      if (!running) throw new ApiError("conflict", NOT_CLOCKED_IN);
      after(runningBreak?.startAt ?? running.row.startAt);
      // Out ends a running break with the entry (PRODUCT §12).
      const breakIds = runningBreak ? [runningBreak.id] : [];
      const written = await writeWithAudit(db, {
        claims: stampClaims(claim),
        write: Prisma.sql`b AS (
          UPDATE time_breaks SET end_at = ${now}
          WHERE id = ANY(${breakIds}::int[]) AND EXISTS (SELECT 1 FROM claimed)
        ), w AS (
          UPDATE time_entries SET end_at = ${now}, status = 'recorded', updated_at = ${now}
          WHERE id = ${running.row.id} AND EXISTS (SELECT 1 FROM claimed)
          RETURNING id)`,
        ...audit,
        details,
      });
      if (written.id === null) return null;
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

function stampShift(shift: PlannedShift): StampShift {
  const { id, location_id, shift_date, start_time, end_time } = shift;
  return { id, locationId: location_id, date: shift_date, start: start_time, end: end_time };
}

const CLOCK_AUDIT = "time_entry.clock" satisfies AuditAction;

/** What the write statement did: the claim held (and the shift, when stamping in at one), the row written. */
type Written = { claimed: boolean; shiftHeld: boolean; id: number | null };

type StampWrite = {
  /** `stampClaims`: the locks and checks the write reads. */
  claims: Prisma.Sql;
  /** Data-modifying CTEs that read the claims, the last one `w`; `w` answers the entry's id as `entityColumn`. */
  write: Prisma.Sql;
  entityColumn?: "id" | "entry_id";
  /** The claims hold a shift and a location (stamping in). */
  stampingIn?: boolean;
  actor: ClockOptions["actor"];
  ip: string;
  details: Record<string, unknown>;
  /** The 409's text should a unique index refuse the write (a second running entry, a second running break). */
  duplicate?: string;
};

/**
 * The stamp's write and its audit row (docs/PRODUCT-RULES.md §6.2; the row `recordAudit` would write) in one
 * statement. `id` is `w.id` (the new break's id when `w` is a break), null when nothing was written.
 */
async function writeWithAudit(
  db: Db,
  { claims, write, entityColumn = "id", stampingIn = false, actor, ip, details, duplicate }: StampWrite,
): Promise<Written> {
  const entity = Prisma.raw(`w.${entityColumn}`);
  const shiftHeld = stampingIn ? Prisma.sql`EXISTS (SELECT 1 FROM held_shift)` : Prisma.sql`false`;
  try {
    const [row] = await db.$queryRaw<[Written]>`${PREPARED}
      WITH ${claims}, ${write}, a AS (
        INSERT INTO audit_log (user_id, username, action, entity_type, entity_id, details, ip)
        SELECT ${actor?.id ?? null}::int, ${actor?.username ?? null}::text, ${CLOCK_AUDIT}, 'time_entry', ${entity},
               ${JSON.stringify(details)}::jsonb, ${ip}::text
        FROM w)
      SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, ${shiftHeld} AS "shiftHeld", (SELECT w.id FROM w) AS id`;
    return row;
  } catch (error) {
    // The partial unique indexes: only reachable if a write did not move the version on; still a 409, never a 500.
    if (duplicate && isUniqueViolation(error)) throw new ApiError("conflict", duplicate);
    // A deadlock's victim wrote nothing, like a failed claim (no cycle is known: its locks follow the one order).
    if (conflictCode(error)) return { claimed: false, shiftHeld: false, id: null };
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

function locationRefusal(message: string): ApiError {
  return new ApiError("validation_failed", message, { fields: { location_id: message } });
}

/**
 * A location picked by the person must be one of their Einsatzorte (the employee's, archived ones too; none
 * recorded = every location): staff stamp only where they work (docs/PRODUCT-RULES.md §28.1). The refusals of
 * `checkLocation` (./entry-checks.ts); whether the location is active is checked by the write (`stampClaims`).
 */
async function checkEinsatzort(db: Db, locationId: number, einsatzorte: number[]): Promise<void> {
  if (einsatzorte.length === 0 || einsatzorte.includes(locationId)) return;
  const [location] = await db.$queryRaw<{ name: string }[]>`
    SELECT name FROM locations WHERE id = ${locationId} AND archived_at IS NULL`;
  throw locationRefusal(location ? `${location.name} gehört nicht zu deinen Einsatzorten` : LOCATION_NOT_FOUND);
}

/**
 * A stamp answered with the employee's clock state after it: the state read before the write with the stamp
 * applied, as a read after it finds it (app/api/me/clock/route.test.ts compares).
 */
export async function recordClock(options: ClockOptions): Promise<ClockStateDto> {
  const { facts, today, at } = await clock(db, options);
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
