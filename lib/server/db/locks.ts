import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Tx } from "./client";

/**
 * Every row lock and advisory lock the application takes, and the one order they are taken in
 * (docs/ARCHITECTURE.md §6.5). No other file writes lock SQL (tests/lock-sql.test.ts).
 *
 * The order inside one transaction:
 *  1. advisory locks (they guard a name, not a row: taken before anything else);
 *  2. the one row a request names and must read to learn whom it concerns (the plan change an undo puts back, the
 *     user an admin edits, an unavailability entry, a wish): lockUser, lockPlanChange, lockUnavailability, lockWish;
 *  3. employees, in id order;
 *  4. shifts, in id order;
 *  5. locations, in id order;
 *  6. the rest.
 * That is the order employees → shifts → locations → the rest, with a request's own named row ahead of it, because
 * only that row says which employees to lock. Two writes that take their locks in this order queue instead of
 * deadlocking.
 *
 * Steps 2–5 are checked outside production: a lock of an earlier step after a later one throws, unless it only
 * takes again rows the transaction holds already (assertAssignable re-locking the employee of a plan write, an
 * admin's edit that ends sessions re-locking the user) (locks.test.ts).
 * Each lock is documented where it is taken; its strength is part of its meaning (see each function).
 */

// The lock clauses, constants (never built from input).
const FOR_UPDATE = Prisma.sql`FOR UPDATE`;
const FOR_NO_KEY_UPDATE = Prisma.sql`FOR NO KEY UPDATE`;
const FOR_SHARE = Prisma.sql`FOR SHARE`;

// "named": the rows of step 2 (lockUser, lockPlanChange, lockUnavailability). Their callers read the row to learn
// whom the request concerns and then lock those people, so they come before the employees.
const RANK = { named: 1, employees: 2, shifts: 3, locations: 4 } as const;
type Ranked = keyof typeof RANK;

type Held = { rank: number; rows: Set<string> };
const heldBy = new WeakMap<object, Held>();
const checkOrder = process.env.NODE_ENV !== "production";

/**
 * Throws on a lock taken against the order; cheap bookkeeping per transaction client, off in production. `rows`
 * names the rows of an employee or named lock: taking again only rows already held (none: no rows) is no new
 * lock and passes.
 */
function noteLock(tx: Tx, kind: Ranked, rows: string[] = []): void {
  if (!checkOrder) return;
  const held = heldBy.get(tx) ?? { rank: 0, rows: new Set<string>() };
  heldBy.set(tx, held);
  const rank = RANK[kind];
  const retaken = (kind === "employees" || kind === "named") && rows.every((row) => held.rows.has(row));
  if (rank < held.rank && !retaken)
    throw new Error(`Lock order: ${kind} locked after a later step (docs/ARCHITECTURE.md §6.5)`);
  held.rank = Math.max(held.rank, rank);
  for (const row of rows) held.rows.add(row);
}

const sortedIds = (ids: Iterable<number | null>) =>
  [...new Set([...ids].filter((id): id is number => id !== null))].sort((a, b) => a - b);

// ---------------------------------------------------------------------------------------------------------------
// 1. Advisory locks

/** What an advisory lock guards; each kind is one name space of `hashtext`. */
export type AdvisoryKey =
  | { kind: "first-admin" }
  | { kind: "username"; name: string }
  | { kind: "login"; name: string }
  | { kind: "recheck"; userId: number }
  | { kind: "calendar-feed"; ip: string }
  | { kind: "terminal-pin"; terminalId: number }
  | { kind: "publication" }
  | { kind: "payroll-settings" }
  | { kind: "job-queue-schema" };

function advisoryName(key: AdvisoryKey): string {
  switch (key.kind) {
    case "first-admin":
      return "schichtwerk:first-admin";
    case "username":
      // Usernames are unique regardless of case: "Anna" and "anna" queue on one lock.
      return `username:${key.name.toLowerCase()}`;
    case "login":
      return `login:${key.name}`;
    case "recheck":
      return `recheck:${key.userId}`;
    case "calendar-feed":
      return `calendar-feed:${key.ip}`;
    case "terminal-pin":
      // One terminal's PIN attempts queue, so parallel guesses cannot slip past its limits (§32.4).
      return `terminal-pin:${key.terminalId}`;
    case "publication":
      // Publications (and switching publishing on) one at a time: two would tell the same change twice (§33.3).
      return "schichtwerk:publication";
    case "payroll-settings":
      // The payroll settings are one JSON value: two admins saving at once each keep the other's keys (§34.2).
      return "schichtwerk:payroll-settings";
    case "job-queue-schema":
      // Instances starting at once install the queue's schema one after the other: at the same time, both would
      // create the schema and one fail (docs/ARCHITECTURE.md §16).
      return "schichtwerk:job-queue-schema";
  }
}

/** A transaction-scoped advisory lock on a name: two transactions about the same name run one after the other. */
export async function advisoryLock(tx: Tx, key: AdvisoryKey): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${advisoryName(key)}))`;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Employees

export type LockedEmployee = { id: number; name: string; archived: boolean; vacationDaysTotal: number };

type EmployeeLockOptions = {
  /** Only active employees are locked and answered: an archived one is absent, as if unknown. */
  activeOnly?: boolean;
};

async function employeeRows(
  tx: Tx,
  ids: (number | null)[],
  strength: "update" | "share",
  { activeOnly = false }: EmployeeLockOptions,
): Promise<Map<number, LockedEmployee>> {
  const unique = sortedIds(ids);
  noteLock(
    tx,
    "employees",
    unique.map((id) => `employee:${id}`),
  );
  if (unique.length === 0) return new Map();
  // One statement, in id order: two writes over overlapping sets of people queue instead of deadlocking.
  const rows = await tx.$queryRaw<LockedEmployee[]>`
    SELECT id, first_name || ' ' || last_name AS name, archived_at IS NOT NULL AS archived,
           vacation_days_total::float8 AS "vacationDaysTotal"
    FROM employees
    WHERE id = ANY(${unique}::int[]) AND (${!activeOnly} OR archived_at IS NULL)
    ORDER BY id ${strength === "update" ? FOR_UPDATE : FOR_SHARE}`;
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks the employees' rows FOR UPDATE: the lock every write that assigns people or charges vacation days takes
 * first (docs/PRODUCT-RULES.md §25), so a plan write, a vacation decision and an application for the same person
 * queue. Answers the locked rows; an unknown id (or an archived one with `activeOnly`) is absent. Null ids are
 * skipped.
 */
export function lockEmployees(
  tx: Tx,
  ids: (number | null)[],
  options: EmployeeLockOptions = {},
): Promise<Map<number, LockedEmployee>> {
  return employeeRows(tx, ids, "update", options);
}

/**
 * Holds the employees' rows FOR SHARE: an archiving (an UPDATE of the row) waits for this write, and this write for
 * it, while writes that only need the person to stay active (an unavailability entry, a user's link) run side by
 * side.
 */
export function shareEmployees(
  tx: Tx,
  ids: (number | null)[],
  options: EmployeeLockOptions = {},
): Promise<Map<number, LockedEmployee>> {
  return employeeRows(tx, ids, "share", options);
}

/**
 * `lockEmployees` of one person for a write of what a stamp decides on (an entry or its breaks, a month approved or
 * reopened; lib/server/time/entry-checks.ts), in one statement that also moves the person's `time_version` on: a
 * stamp reads without a lock and writes only if the version is still the one it read (`stampClaims`), so it never
 * writes on what such a write changed meanwhile. Answers the row; undefined for an unknown id (or an archived one
 * with `activeOnly`).
 */
export async function lockEmployeeTimes(
  tx: Tx,
  id: number,
  { activeOnly = false }: EmployeeLockOptions = {},
): Promise<LockedEmployee | undefined> {
  noteLock(tx, "employees", [`employee:${id}`]);
  const [row] = await tx.$queryRaw<LockedEmployee[]>`
    WITH held AS (
      SELECT id FROM employees WHERE id = ${id} AND (${!activeOnly} OR archived_at IS NULL) FOR UPDATE)
    UPDATE employees e SET time_version = e.time_version + 1 FROM held WHERE e.id = held.id
    RETURNING e.id, e.first_name || ' ' || e.last_name AS name, e.archived_at IS NOT NULL AS archived,
              e.vacation_days_total::float8 AS "vacationDaysTotal"`;
  return row;
}

/** The shift a stamp takes, as the stamp read it (lib/server/time/clock-reads.ts). */
export type StampShift = { id: number; locationId: number; date: string; start: string; end: string };

/**
 * The locks of a stamp (lib/server/time/clock.ts), taken by the one statement that writes it: no transaction
 * around the read before it, so the statement checks that nothing it decided on changed meanwhile. CTEs for the
 * caller's statement, in the lock order, each taken only once the one before is held (it reads it):
 * - `claimed`: the employee, still active and at `seenVersion`, the `time_version` the stamp read, moved on (no
 *   row: an entry, a month or the person changed since the read; `lockEmployeeTimes` moved it, or it waits for
 *   the stamp and then sees the stamp's entry). An UPDATE's lock, FOR NO KEY UPDATE: writes that only refer to the
 *   person (a foreign key's KEY SHARE) do not wait for it, every lock of `lockEmployees` / `lockEmployeeTimes` does;
 * - with `place` (stamping in): `held_shift`, the shift the stamp takes, FOR SHARE and only if it is still the
 *   person's at the times read, to the minute as read (no row: moved or deleted since; none without a shift);
 *   `held_location`, the location, FOR SHARE and only if active (no row: archived or unknown). An archiving waits
 *   for the stamp, then deals with its entry like any other. Not checked: a shift of the person planned near now
 *   after the read (a plan write does not move the version); the entry is then not linked to it, and the timesheet
 *   still matches them by their times (docs/PRODUCT-RULES.md §32.3).
 * The write reads `claimed` (or `held_location`), so it writes nothing when a lock is missing.
 */
export function stampClaims({
  employeeId,
  seenVersion,
  place,
}: {
  employeeId: number;
  seenVersion: number;
  place?: { shift: StampShift | null; locationId: number };
}): Prisma.Sql {
  const claimed = Prisma.sql`claimed AS MATERIALIZED (
      UPDATE employees SET time_version = time_version + 1
      WHERE id = ${employeeId} AND archived_at IS NULL AND time_version = ${seenVersion}
      RETURNING id)`;
  if (!place) return claimed;
  const { shift, locationId } = place;
  const shiftAsRead = shift
    ? Prisma.sql`id = ${shift.id} AND employee_id = ${employeeId} AND location_id = ${shift.locationId}
        AND shift_date = ${shift.date}::date
        AND to_char(start_time, 'HH24:MI') = ${shift.start} AND to_char(end_time, 'HH24:MI') = ${shift.end}`
    : Prisma.sql`FALSE`;
  const afterShift = shift ? Prisma.sql`AND EXISTS (SELECT 1 FROM held_shift)` : Prisma.empty;
  return Prisma.sql`${claimed},
    held_shift AS MATERIALIZED (
      SELECT id FROM shifts WHERE ${shiftAsRead} AND EXISTS (SELECT 1 FROM claimed) FOR SHARE),
    held_location AS MATERIALIZED (
      SELECT id FROM locations
      WHERE id = ${locationId} AND archived_at IS NULL AND EXISTS (SELECT 1 FROM claimed) ${afterShift}
      FOR SHARE)`;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Shifts

/**
 * Locks the shifts FOR UPDATE in id order; answers the ids that exist. The first lock of a plan write after its
 * employees (`lockShiftRecords` in lib/server/changes/write-changes.ts reads their before-states after it).
 */
export async function lockShifts(tx: Tx, ids: number[]): Promise<Set<number>> {
  const unique = sortedIds(ids);
  noteLock(tx, "shifts");
  if (unique.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM shifts WHERE id = ANY(${unique}::int[]) ORDER BY id FOR UPDATE`;
  return new Set(rows.map((row) => row.id));
}

export type DraftScope = { startDate: string; endDate: string; locationIds: number[] | null; alsoIds: number[] };

/**
 * Locks FOR SHARE the draft shifts a publication takes (docs/PRODUCT-RULES.md §33.3): those dated in the range (at
 * the locations named, or all), and `alsoIds`, the published shifts of the range, wherever their draft now lies.
 * A plan write waits until the publication has copied them, so what is published is what was read. Answers the
 * locked rows with the names a message needs.
 */
export async function shareDraftShifts(tx: Tx, scope: DraftScope): Promise<DraftShiftRow[]> {
  noteLock(tx, "shifts");
  return tx.$queryRaw<DraftShiftRow[]>`
    SELECT s.id, s.employee_id, s.location_id, s.shift_date::text AS shift_date,
           left(s.start_time::text, 5) AS start_time, left(s.end_time::text, 5) AS end_time,
           s.break_minutes, s.is_custom, s.custom_name
    FROM shifts s
    WHERE (s.shift_date BETWEEN ${scope.startDate}::date AND ${scope.endDate}::date
           AND (${scope.locationIds === null} OR s.location_id = ANY(${scope.locationIds ?? []}::int[])))
       OR s.id = ANY(${scope.alsoIds}::int[])
    ORDER BY s.id FOR SHARE OF s`;
}

export type DraftShiftRow = {
  id: number;
  employee_id: number | null;
  location_id: number;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  is_custom: boolean;
  custom_name: string | null;
};

export type EmployeeShiftRange = { employeeId: number; startDate: string; endDate: string };

/**
 * Locks the employee's shifts dated in the range FOR UPDATE, in id order. A write that will open them later in the
 * transaction (a vacation, an archiving) takes these locks before it writes anything else: a shift edit locks the
 * shift's row and then the data version its trigger moves, so taking the shifts first keeps the same order and the
 * two queue instead of deadlocking (docs/ARCHITECTURE.md §6.4).
 */
export async function lockEmployeeShifts(
  tx: Tx,
  { employeeId, startDate, endDate }: EmployeeShiftRange,
): Promise<void> {
  noteLock(tx, "shifts");
  await tx.$executeRaw`
    SELECT 1 FROM shifts
    WHERE employee_id = ${employeeId} AND shift_date BETWEEN ${startDate}::date AND ${endDate}::date
    ORDER BY id FOR UPDATE`;
}

/**
 * Locks the location's shifts dated `fromDate` or later FOR UPDATE, in id order: an archiving of the location takes
 * them before it updates the location's row, so it keeps the order shifts → locations of a write that locks shifts
 * and then holds their locations (an auto-fill apply, a copied week), and the two queue instead of deadlocking.
 */
export async function lockLocationShifts(tx: Tx, { locationId, fromDate }: { locationId: number; fromDate: string }) {
  noteLock(tx, "shifts");
  await tx.$executeRaw`
    SELECT 1 FROM shifts WHERE location_id = ${locationId} AND shift_date >= ${fromDate}::date
    ORDER BY id FOR UPDATE`;
}

/**
 * Holds one shift FOR SHARE (only the shift's row, not its location's): an assignment or a deletion of the shift
 * waits for this application and then clears it, or the application sees the shift taken or gone. Answers whether
 * the shift exists.
 */
export async function shareShift(tx: Tx, id: number): Promise<boolean> {
  noteLock(tx, "shifts");
  return (await tx.$executeRaw`SELECT 1 FROM shifts WHERE id = ${id} FOR SHARE`) > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Locations

export type LockedLocation = { id: number; name: string; archived: boolean };

type LocationLockOptions = {
  /** Only active locations are locked and answered. */
  activeOnly?: boolean;
};

/**
 * Holds the locations FOR SHARE in id order: archiving one (an UPDATE of its row) waits for this write and then
 * removes what the write added (a copied shift, an Einsatzort), instead of leaving it at a location archived
 * meanwhile. Several writes hold a location side by side.
 */
export async function shareLocations(
  tx: Tx,
  ids: number[],
  { activeOnly = false }: LocationLockOptions = {},
): Promise<Map<number, LockedLocation>> {
  const unique = sortedIds(ids);
  noteLock(tx, "locations");
  if (unique.length === 0) return new Map();
  const rows = await tx.$queryRaw<LockedLocation[]>`
    SELECT id, name, archived_at IS NOT NULL AS archived FROM locations
    WHERE id = ANY(${unique}::int[]) AND (${!activeOnly} OR archived_at IS NULL)
    ORDER BY id FOR SHARE`;
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks one active location FOR NO KEY UPDATE, so the writes of its shift presets run one after the other and an
 * archiving cannot slip in between. NO KEY UPDATE, not UPDATE: a shift being planned at the location meanwhile
 * (its foreign key takes KEY SHARE) does not wait for it. Answers the location, or null for an archived or unknown
 * one.
 */
export async function lockActiveLocation(tx: Tx, id: number): Promise<LockedLocation | null> {
  noteLock(tx, "locations");
  const [row] = await tx.$queryRaw<LockedLocation[]>`
    SELECT id, name, archived_at IS NOT NULL AS archived FROM locations
    WHERE id = ${id} AND archived_at IS NULL FOR NO KEY UPDATE`;
  return row ?? null;
}

/**
 * Locks several active locations FOR NO KEY UPDATE in id order, in one statement: a copy of shift presets
 * (docs/PRODUCT-RULES.md §31.5) reads the source's presets and adds to the targets' while no other preset write of
 * these locations and no archiving runs, as `lockActiveLocation` does for one. Answers the locked (active) ones.
 */
export async function lockActiveLocations(tx: Tx, ids: number[]): Promise<Map<number, LockedLocation>> {
  const unique = sortedIds(ids);
  noteLock(tx, "locations");
  if (unique.length === 0) return new Map();
  const rows = await tx.$queryRaw<LockedLocation[]>`
    SELECT id, name, archived_at IS NOT NULL AS archived FROM locations
    WHERE id = ANY(${unique}::int[]) AND archived_at IS NULL
    ORDER BY id FOR NO KEY UPDATE`;
  return new Map(rows.map((row) => [row.id, row]));
}

// ---------------------------------------------------------------------------------------------------------------
// 5. The rest

export type LockedUser = { id: number; employeeId: number | null; username: string; passwordHash: string };

/**
 * A user's row. "share" (FOR SHARE): a login or a refresh issuing a session, a calendar link being made — several
 * of them run side by side. "exclusive" (FOR NO KEY UPDATE, the lock of an UPDATE of the row): ending sessions,
 * changing the account. Neither conflicts with FOR KEY SHARE, which every insert referring to the user (an audit
 * row, a token) takes: FOR UPDATE would, and two admins editing each other would deadlock (docs/PRODUCT-RULES.md
 * §30.3). Null when the user is gone.
 */
export async function lockUser(tx: Tx, id: number, mode: "share" | "exclusive"): Promise<LockedUser | null> {
  noteLock(tx, "named", [`user:${id}:${mode}`]);
  const [row] = await tx.$queryRaw<LockedUser[]>`
    SELECT id, employee_id AS "employeeId", username, password_hash AS "passwordHash"
    FROM users WHERE id = ${id} ${mode === "share" ? FOR_SHARE : FOR_NO_KEY_UPDATE}`;
  return row ?? null;
}

/** A plan change FOR UPDATE: two undos of one change run one after the other, the second sees it undone. */
export async function lockPlanChange(tx: Tx, id: string): Promise<{ createdAt: Date; undoneAt: Date | null } | null> {
  noteLock(tx, "named", [`plan-change:${id}`]);
  const [row] = await tx.$queryRaw<{ createdAt: Date; undoneAt: Date | null }[]>`
    SELECT created_at AS "createdAt", undone_at AS "undoneAt" FROM plan_changes WHERE id = ${id}::uuid FOR UPDATE`;
  return row ?? null;
}

/** An unavailability entry FOR UPDATE, so a change made meanwhile (moved to someone else) is seen before deciding. */
export async function lockUnavailability(tx: Tx, id: number): Promise<{ employeeId: number } | null> {
  noteLock(tx, "named", [`unavailability:${id}`]);
  const [row] = await tx.$queryRaw<{ employeeId: number }[]>`
    SELECT employee_id AS "employeeId" FROM unavailabilities WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

/** A wish FOR UPDATE before deleting it: whose it is decides whether the caller may (docs/PRODUCT-RULES.md §35.8). */
export async function lockWish(
  tx: Tx,
  id: number,
): Promise<{ employeeId: number; kind: string; date: string | null } | null> {
  noteLock(tx, "named", [`wish:${id}`]);
  const [row] = await tx.$queryRaw<{ employeeId: number; kind: string; date: string | null }[]>`
    SELECT employee_id AS "employeeId", kind, to_char(date, 'YYYY-MM-DD') AS date
    FROM availability_wishes WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

/**
 * The publishing switch (docs/PRODUCT-RULES.md §33.4), read FOR SHARE by an assignment that notes an award, or FOR
 * UPDATE by the settings change that switches publishing off and tells the pending awards: an award is then either
 * noted before the switch (and told by it) or decided after it (told at once), never left pending while publishing
 * is off. A missing row is the default, on. One of "the rest": taken after any shift locks.
 */
export async function lockPublishingSwitch(tx: Tx, mode: "share" | "exclusive"): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ publishing: boolean }[]>`
    SELECT publishing FROM company_settings WHERE id = 1 ${mode === "share" ? FOR_SHARE : FOR_UPDATE}`;
  return row?.publishing ?? true;
}

/**
 * An offer to swap or give away a shift (docs/PRODUCT-RULES.md §35) FOR UPDATE: of many colleagues accepting at
 * once, one after the other sees it, and every one after the first finds it taken. One of "the rest": accepting and
 * approving lock the two people and their shifts first (the order of every plan write), so a planner's edit of the
 * shift, which ends the offer after locking the shift, queues with them instead of deadlocking. Answers the status,
 * or null when there is no such offer.
 */
export async function lockSwap(tx: Tx, id: number): Promise<{ status: string } | null> {
  const [row] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM shift_swaps WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}
