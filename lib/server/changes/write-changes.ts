import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployees, lockPlanChange, lockShifts } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { clearShiftsApplications, restoreApplications } from "@/lib/server/applications/write-applications";
import { assertActiveLocations } from "@/lib/server/locations/find-locations";
import { assertAssignable } from "@/lib/server/rules/find-findings";
import { shiftColumns } from "@/lib/server/shifts/shift-columns";
import { endSwaps } from "@/lib/server/swaps/end-swaps";
import { queueShiftEvents } from "@/lib/server/webhooks/shift-events";
import type { ShiftInput } from "@/lib/shared/schemas/shift";
import {
  blocksShifts,
  putBackVacation,
  readVacationState,
  sameVacationState,
  type VacationState,
} from "@/lib/server/vacations/vacation-state";
import {
  putBackAbsence,
  readAbsenceState,
  sameAbsenceState,
  shrinksTo,
  type AbsenceState,
} from "@/lib/server/absences/absence-state";

/**
 * The state of a shift as undo sees it (docs/PRODUCT-RULES.md §27.7): every column a plan write can change,
 * plus `updated_ms`, so that a write which put back the same values still counts as a change since.
 */
export type ShiftState = {
  employee_id: number | null;
  location_id: number;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  is_custom: boolean;
  custom_name: string | null;
  updated_ms: number;
};

/** A shift as a change saw it: its state, and the names the audit log keeps with it. */
export type ShiftRecord = { state: ShiftState; employeeName: string | null; locationName: string };

type RecordRow = { id: number; state: ShiftState; employee_name: string | null; location_name: string };

function recordsOf(rows: RecordRow[]): Map<number, ShiftRecord> {
  return new Map(
    rows.map((row) => [row.id, { state: row.state, employeeName: row.employee_name, locationName: row.location_name }]),
  );
}

function selectRecords(ids: number[]) {
  return Prisma.sql`
    SELECT s.id,
      jsonb_build_object(
        'employee_id', s.employee_id,
        'location_id', s.location_id,
        'shift_date', to_char(s.shift_date, 'YYYY-MM-DD'),
        'start_time', to_char(s.start_time, 'HH24:MI'),
        'end_time', to_char(s.end_time, 'HH24:MI'),
        'break_minutes', s.break_minutes,
        'is_custom', s.is_custom,
        'custom_name', s.custom_name,
        'updated_ms', (extract(epoch FROM s.updated_at) * 1000)::bigint
      ) AS state,
      e.first_name || ' ' || e.last_name AS employee_name,
      l.name AS location_name
    FROM shifts s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN employees e ON e.id = s.employee_id
    WHERE s.id = ANY(${ids}::int[])
    ORDER BY s.id`;
}

/**
 * Locks the shifts (lockShifts, lib/server/db/locks.ts) and answers their records; an id that does not exist is
 * absent. Call it first in a plan write's transaction, after the employees: these are the before-states
 * `recordPlanChange` stores.
 */
export async function lockShiftRecords(tx: Tx, ids: number[]): Promise<Map<number, ShiftRecord>> {
  if (ids.length === 0) return new Map();
  await lockShifts(tx, ids);
  return readShifts(tx, ids);
}

/** The records of the shifts as they are now in the caller's transaction. */
export async function readShifts(tx: Tx, ids: number[]): Promise<Map<number, ShiftRecord>> {
  if (ids.length === 0) return new Map();
  return recordsOf(await tx.$queryRaw<RecordRow[]>(selectRecords(ids)));
}

export type PlanChangeKind =
  | "shift.create"
  | "shift.update"
  | "shift.delete"
  | "shift.copy_week"
  | "shift.bulk_move"
  | "shift.bulk_copy"
  | "shift.bulk_delete"
  | "shift.auto_fill"
  | "shift.swap"
  | "week_template.apply"
  | "vacation.create"
  | "vacation.approve"
  | "absence.create"
  | "absence.update"
  | "absence.sick_report"
  | "change.undo";

/** An application a plan write removed from a shift (docs/PRODUCT-RULES.md §26.5); undo puts it back. */
export type ClearedApplication = { employee_id: number; created_at: string };

export type RecordPlanChangeOptions = {
  kind: PlanChangeKind;
  audit: AuditContext;
  /** The records `lockShiftRecords` answered before the write (empty for shifts the write creates). */
  before: Map<number, ShiftRecord>;
  /** Every shift the write touched: created, changed and deleted ones. */
  shiftIds: number[];
  /** The applications the write removed, by shift, for undo to put back. */
  clearedApplications?: Map<number, ClearedApplication[]>;
  /**
   * A vacation the write recorded or approved (docs/PRODUCT-RULES.md §31.6), with its state before the write (null:
   * the write created it); its state after is read here.
   */
  vacation?: { id: number; before: VacationState | null };
  /** An absence the write recorded (docs/PRODUCT-RULES.md §32.2), with its state before (null: created here). */
  absence?: { id: number; before: AbsenceState | null };
};

export type RecordedPlanChange = { changeId: string; after: Map<number, ShiftRecord> };

/**
 * Stores a plan write for undo at the end of its transaction: reads the after-states itself (a shift that is gone
 * was deleted) and answers the change's id, which the write's answer carries as `change_id`.
 */
export async function recordPlanChange(tx: Tx, options: RecordPlanChangeOptions): Promise<RecordedPlanChange> {
  const { kind, audit, before, shiftIds, clearedApplications, vacation, absence } = options;
  const ids = [...new Set(shiftIds)].sort((a, b) => a - b);
  const after = await readShifts(tx, ids);
  const items = ids
    .map((id) => ({
      shift_id: id,
      before: before.get(id)?.state ?? null,
      after: after.get(id)?.state ?? null,
      applications: clearedApplications?.get(id) ?? null,
    }))
    .filter((item) => item.before !== null || item.after !== null);
  const [{ id: changeId }] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO plan_changes (kind, user_id) VALUES (${kind}, ${audit.actor.id}) RETURNING id::text`;
  if (items.length > 0) {
    await tx.$executeRaw`
      INSERT INTO plan_change_shifts (change_id, shift_id, before, after, applications)
      SELECT ${changeId}::uuid, item.shift_id, item.before, item.after, item.applications
      FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
        AS item(shift_id int, before jsonb, after jsonb, applications jsonb)`;
  }
  if (vacation) {
    const [vacationBefore, vacationAfter] = [vacation.before, await readVacationState(tx, vacation.id)].map(jsonOrNull);
    await tx.$executeRaw`
      INSERT INTO plan_change_vacations (change_id, vacation_id, before, after)
      VALUES (${changeId}::uuid, ${vacation.id}, ${vacationBefore}::jsonb, ${vacationAfter}::jsonb)`;
  }
  // Every plan write passes here, undo too: the webhooks' shift events (docs/PRODUCT-RULES.md §37) in its transaction.
  await queueShiftEvents(tx, items);
  // A running offer of a shift this write changed or deleted no longer holds (docs/PRODUCT-RULES.md §35.5).
  const changed = items.filter((item) => item.before !== null && !sameFields(item.before, item.after));
  await endSwaps(tx, { shiftIds: changed.map((item) => item.shift_id) }, audit);
  if (absence) {
    const [absenceBefore, absenceAfter] = [absence.before, await readAbsenceState(tx, absence.id)].map(jsonOrNull);
    await tx.$executeRaw`
      INSERT INTO plan_change_absences (change_id, absence_id, before, after)
      VALUES (${changeId}::uuid, ${absence.id}, ${absenceBefore}::jsonb, ${absenceAfter}::jsonb)`;
  }
  return { changeId, after };
}

const jsonOrNull = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

function sameState(current: ShiftState | null, expected: ShiftState | null): boolean {
  if (current === null || expected === null) return current === expected;
  return (Object.keys(expected) as (keyof ShiftState)[]).every((key) => current[key] === expected[key]);
}

/** The same fields, whenever they were written (a save that changed nothing is no change of an offered shift). */
function sameFields(current: ShiftState | null, expected: ShiftState | null): boolean {
  if (current === null || expected === null) return current === expected;
  return (Object.keys(expected) as (keyof ShiftState)[]).every(
    (key) => key === "updated_ms" || current[key] === expected[key],
  );
}

function inputOf(state: ShiftState): ShiftInput {
  const { updated_ms: _updated, ...input } = state;
  return input;
}

const CHANGED_SINCE = "Inzwischen geändert – Rückgängig nicht möglich";

type VacationItem = { vacation_id: number; before: VacationState | null; after: VacationState | null };
type AbsenceItem = { absence_id: number; before: AbsenceState | null; after: AbsenceState | null };

type ChangeItem = {
  shift_id: number;
  before: ShiftState | null;
  after: ShiftState | null;
  applications: ClearedApplication[] | null;
};

export type UndoChangeOptions = { id: string; audit: AuditContext };
export type UndoneChange = { changeId: string; shifts: number };

/**
 * Puts back the before-states of a plan change in one transaction (docs/PRODUCT-RULES.md §27.7). Refuses with 409
 * when any touched shift differs from the state the change left (or got an application since): undo never
 * overwrites a newer change. The put-back shifts pass the same rules as a write (an overlap or a vacation recorded
 * since refuses). The applications the change removed come back where their employee could still take the shift
 * (restoreApplications); a shift put back assigned loses its applications, as every assignment does. The undo is a
 * plan change itself, so its `change_id` undoes the undo.
 */
export async function undoChange({ id, audit }: UndoChangeOptions): Promise<UndoneChange> {
  return transaction(async (tx) => {
    const change = await lockPlanChange(tx, id);
    if (!change) throw new ApiError("not_found", "Änderung nicht gefunden");
    if (change.undoneAt) throw new ApiError("change_undone");
    const items = await tx.$queryRaw<ChangeItem[]>`
      SELECT shift_id, before, after, applications FROM plan_change_shifts WHERE change_id = ${id}::uuid
      ORDER BY shift_id`;
    const ids = items.map((item) => item.shift_id);
    // A vacation the change recorded or approved (§31.6) comes back with its shifts.
    const [vacation] = await tx.$queryRaw<VacationItem[]>`
      SELECT vacation_id, before, after FROM plan_change_vacations WHERE change_id = ${id}::uuid`;
    // An absence the change recorded (a sick report, §32.2) comes back the same way.
    const [absence] = await tx.$queryRaw<AbsenceItem[]>`
      SELECT absence_id, before, after FROM plan_change_absences WHERE change_id = ${id}::uuid`;
    // The people of the states put back and of the applications put back first, then the shifts: the order of every
    // other plan write and of applying.
    await lockEmployees(tx, [
      ...(vacation ? [vacation.before?.employee_id ?? null, vacation.after?.employee_id ?? null] : []),
      ...(absence ? [absence.before?.employee_id ?? null, absence.after?.employee_id ?? null] : []),
      ...items.map((item) => item.before?.employee_id ?? null),
      ...items.flatMap((item) => (item.applications ?? []).map((application) => application.employee_id)),
    ]);
    const current = await lockShiftRecords(tx, ids);
    const applied = await tx.$queryRaw<{ shift_id: number }[]>`
      SELECT DISTINCT shift_id FROM shift_applications
      WHERE shift_id = ANY(${ids}::int[]) AND created_at > ${change.createdAt}`;
    const changed = items
      .filter((item) => !sameState(current.get(item.shift_id)?.state ?? null, item.after))
      .map((item) => item.shift_id);
    const conflicts = [...new Set([...changed, ...applied.map((row) => row.shift_id)])].sort((a, b) => a - b);
    if (conflicts.length > 0) throw new ApiError("change_conflict", CHANGED_SINCE, { shift_ids: conflicts });
    const vacationNow = vacation ? await readVacationState(tx, vacation.vacation_id) : null;
    if (vacation && !sameVacationState(vacationNow, vacation.after))
      throw new ApiError("change_conflict", CHANGED_SINCE, { shift_ids: [] });
    // A vacation that stops keeping its employee off the plan goes before the shifts come back to them; one that
    // keeps them off again comes back after its shifts were opened again.
    const vacationFirst = vacation !== undefined && !blocksShifts(vacation.before);
    if (vacationFirst) await putBackVacation(tx, vacation.vacation_id, vacation.before);
    const absenceNow = absence ? await readAbsenceState(tx, absence.absence_id) : null;
    if (absence && !sameAbsenceState(absenceNow, absence.after))
      throw new ApiError("change_conflict", CHANGED_SINCE, { shift_ids: [] });
    // Likewise an absence: one that gives days back goes first, one that takes days again after its shifts opened.
    const absenceFirst = absence !== undefined && shrinksTo(absence.before, absence.after);
    if (absenceFirst) await putBackAbsence(tx, absence.absence_id, absence.before);

    const removed = items.filter((item) => item.before === null).map((item) => item.shift_id);
    if (removed.length > 0) await tx.shift.deleteMany({ where: { id: { in: removed } } });
    const restored = items
      .filter((item): item is ChangeItem & { before: ShiftState } => item.before !== null)
      .sort((a, b) => (a.before.employee_id ?? 0) - (b.before.employee_id ?? 0) || a.shift_id - b.shift_id);
    // All of them back first, then each checked against the plan they make together: checked one by one while the
    // others still stood where the change had put them, a move of Mon and Tue by a day would refuse its own undo (the
    // Monday shift back onto Monday, where the Tuesday one still sat).
    for (const item of restored) {
      const data = shiftColumns(inputOf(item.before));
      await tx.shift.upsert({ where: { id: item.shift_id }, create: { id: item.shift_id, ...data }, update: data });
    }
    for (const item of restored) await assertRestorable(tx, item.shift_id, inputOf(item.before));

    // Assigned again (undoing an undo): the shift's applications go, as with every assignment (§26.5).
    const cleared = await clearShiftsApplications(
      tx,
      restored.filter((item) => item.before.employee_id !== null).map((item) => item.shift_id),
    );
    const applicationsRestored = await restoreApplications(
      tx,
      restored.flatMap((item) =>
        item.before.employee_id === null && item.applications
          ? [{ shiftId: item.shift_id, shift: item.before, applications: item.applications }]
          : [],
      ),
    );

    if (vacation && !vacationFirst) await putBackVacation(tx, vacation.vacation_id, vacation.before);
    if (absence && !absenceFirst) await putBackAbsence(tx, absence.absence_id, absence.before);

    const undone = await undoneSnapshot(tx, { id, createdAt: change.createdAt });
    if (vacation && undone.undone) undone.undone = { ...undone.undone, ...(await vacationNames(tx, vacation)) };
    const undo = await recordPlanChange(tx, {
      kind: "change.undo",
      audit,
      before: current,
      shiftIds: ids,
      clearedApplications: cleared,
      ...(vacation && { vacation: { id: vacation.vacation_id, before: vacationNow } }),
      ...(absence && { absence: { id: absence.absence_id, before: absenceNow } }),
    });
    await tx.$executeRaw`
      UPDATE plan_changes SET undone_at = now(), undone_by = ${undo.changeId}::uuid WHERE id = ${id}::uuid`;
    await recordAudit(tx, {
      ...audit,
      action: "change.undo",
      details: {
        change_id: undo.changeId,
        undone_change_id: id,
        shifts: ids.length,
        ...(vacation && { vacation_id: vacation.vacation_id }),
        ...(absence && { absence_id: absence.absence_id }),
        ...undone,
        ...(applicationsRestored > 0 && { applications_restored: applicationsRestored }),
      },
    });
    return { changeId: undo.changeId, shifts: ids.length };
  }, LOCKING_TRANSACTION);
}

/** The details of a plan write's audit row the history needs to name it (describe-audit.ts); the rest stays. */
const NAMING_KEYS = [
  "before",
  "after",
  "from_start_date",
  "to_start_date",
  "created",
  "opened",
  "assigned",
  "start_date",
  "end_date",
  "week_start",
  "shifts_created",
  "employee_id",
  "days",
  "opened_shifts",
  "type",
  "hours",
] as const;

type UndoneSnapshot = { undone_action?: string; undone?: Prisma.InputJsonObject; restores?: boolean };

/**
 * What the undone change was, for the undo's audit row (docs/PRODUCT-RULES.md §31.6): the history then says
 * "… hat »Schicht … verschoben« rückgängig gemacht". Read from the change's own audit row, written at the end of its
 * transaction: soon after the change's `created_at` (the database's clock; the audit row's time is Prisma's, so a
 * minute's slack either side), a short range of the log's (created_at, id) index. Undoing an undo names the change
 * that undo had undone, and says it is restored. Nothing for a change without an audit row.
 */
async function undoneSnapshot(tx: Tx, change: { id: string; createdAt: Date }): Promise<UndoneSnapshot> {
  const [row] = await tx.$queryRaw<{ action: string; details: Prisma.JsonObject | null }[]>`
    SELECT action, details FROM audit_log
    WHERE created_at BETWEEN ${change.createdAt}::timestamptz - interval '1 minute'
                         AND ${change.createdAt}::timestamptz + interval '1 hour'
      AND details->>'change_id' = ${change.id}
    ORDER BY id LIMIT 1`;
  const details = row?.details;
  if (!details) return {};
  if (row.action === "change.undo") {
    if (typeof details.undone_action !== "string") return {};
    return {
      undone_action: details.undone_action,
      undone: asRecord(details.undone),
      restores: details.restores !== true,
    };
  }
  const kept = Object.fromEntries(NAMING_KEYS.filter((key) => key in details).map((key) => [key, details[key]]));
  return { undone_action: row.action, undone: kept };
}

/** Who and when of an undone vacation, for the history's sentence (the audit row of its write has only ids). */
async function vacationNames(tx: Tx, vacation: VacationItem): Promise<Prisma.InputJsonObject> {
  const state = vacation.after ?? vacation.before;
  if (!state) return {};
  const employee = await tx.employee.findUnique({
    where: { id: state.employee_id },
    select: { firstName: true, lastName: true },
  });
  return {
    ...(employee && { employee_name: `${employee.firstName} ${employee.lastName}` }),
    vacation_start: state.start_date,
    vacation_end: state.end_date,
  };
}

const asRecord = (value: unknown): Prisma.InputJsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Prisma.InputJsonObject) : {};

/**
 * A state put back must still be possible: its location and employee not archived since (409, like a change
 * since), no overlap or vacation (the rules' own 409).
 */
async function assertRestorable(tx: Tx, shiftId: number, input: ShiftInput): Promise<void> {
  try {
    await assertActiveLocations(tx, { ids: [input.location_id] });
    await assertAssignable(tx, { id: shiftId, input });
  } catch (error) {
    if (error instanceof ApiError && error.code === "validation_failed") {
      throw new ApiError("change_conflict", CHANGED_SINCE, { shift_ids: [shiftId] });
    }
    throw error;
  }
}
