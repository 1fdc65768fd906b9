import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { transaction } from "@/lib/server/db/transaction";
import type { CreateOptions, UpdateOptions } from "@/lib/server/domain-options";
import type { TimeEntryDto } from "@/lib/shared/api-types";
import type { AuditAction } from "@/lib/shared/audit-kinds";
import type { ReasonInput, TimeEntryCreateInput, TimeEntryUpdateInput } from "@/lib/shared/schemas/time-entry";
import {
  assertChangeable,
  assertMonthOpen,
  assertNoOverlap,
  assertRecordable,
  checkLocation,
  lockEntryEmployee,
  holdNearShift,
} from "./entry-checks";
import { queueWebhookEvent } from "@/lib/server/webhooks/queue-webhook-events";
import { getTimeEntry, timeEntryNotFound } from "./find-time-entries";
import { businessDateOf, ENTRY_SELECT, revisionSnapshot, type EntryRow } from "./time-entry-dto";

/**
 * A manager's writes of entries (docs/PRODUCT-RULES.md §32.1): each under the employee's lock, each with a reason,
 * an immutable revision { changed_by, changed_at, before, after, reason } and an audit row, in one transaction.
 */

type Revision = {
  entryId: number;
  before: ReturnType<typeof revisionSnapshot> | null;
  after: ReturnType<typeof revisionSnapshot>;
  reason: string;
  correctionId?: number;
};

/**
 * The revision and the audit row of one change, and its webhook event (docs/PRODUCT-RULES.md §37): every manager's
 * write of an entry and every accepted correction passes here.
 */
export async function recordEntryChange(
  tx: Tx,
  {
    audit,
    action,
    employeeId,
    revision,
  }: { audit: AuditContext; action: AuditAction; employeeId: number; revision: Revision },
): Promise<void> {
  await tx.timeEntryRevision.create({
    data: {
      entryId: revision.entryId,
      changedBy: audit.actor.id,
      changedByName: audit.actor.username,
      ...(revision.before && { before: revision.before }),
      after: revision.after,
      reason: revision.reason,
      correctionId: revision.correctionId ?? null,
    },
  });
  await recordAudit(tx, {
    actor: audit.actor,
    ip: audit.ip,
    action,
    entityType: "time_entry",
    entityId: revision.entryId,
    details: {
      employee_id: employeeId,
      reason: revision.reason,
      before: revision.before,
      after: revision.after,
      ...(revision.correctionId !== undefined && { correction_id: revision.correctionId }),
    },
  });
  const event = action === "time_entry.create" ? "time_entry.created" : "time_entry.updated";
  await queueWebhookEvent(tx, event, () => getTimeEntry(tx, revision.entryId));
}

/**
 * The entry `id` read after its employee's row is locked, so a stamp or another change of that person made
 * meanwhile has finished; 404 when unknown. The entries of an archived employee can still be corrected. Answers
 * the row and its location's name.
 */
export async function lockedEntry(tx: Tx, id: number): Promise<{ row: EntryRow; locationName: string }> {
  const found = await tx.timeEntry.findUnique({ where: { id }, select: { employeeId: true } });
  if (!found) throw timeEntryNotFound();
  await lockEntryEmployee(tx, found.employeeId, { archivedToo: true });
  const row = await tx.timeEntry.findUnique({
    where: { id },
    select: { ...ENTRY_SELECT, location: { select: { name: true } } },
  });
  if (!row) throw timeEntryNotFound();
  const { location, ...entry } = row;
  return { row: entry, locationName: location.name };
}

async function readRow(tx: Tx, id: number): Promise<EntryRow> {
  return tx.timeEntry.findUniqueOrThrow({ where: { id }, select: ENTRY_SELECT });
}

type Times = { startAt: Date; endAt: Date; breaks: { start_at: Date; end_at: Date }[] };

/** The checks every manager write of times makes: recordable, month open, no overlap. */
async function checkTimes(tx: Tx, employeeId: number, times: Times, excludeId?: number): Promise<string> {
  const now = new Date();
  assertRecordable({ startAt: times.startAt, endAt: times.endAt, now });
  const date = businessDateOf(times.startAt);
  await assertMonthOpen(tx, employeeId, date);
  await assertNoOverlap(tx, { employeeId, startAt: times.startAt, endAt: times.endAt, excludeId });
  return date;
}

const breakRows = (breaks: Times["breaks"]) =>
  [...breaks]
    .sort((a, b) => a.start_at.getTime() - b.start_at.getTime())
    .map((pause) => ({ startAt: pause.start_at, endAt: pause.end_at }));

/** POST /api/time-entries: a manager records an entry (source "manager"). */
export async function createTimeEntry({ input, audit }: CreateOptions<TimeEntryCreateInput>): Promise<TimeEntryDto> {
  const id = await transaction(async (tx) => {
    const employeeId = input.employee_id;
    await lockEntryEmployee(tx, employeeId);
    // The lock order: the employee, the shift the entry is linked to, then the location.
    const shift = await holdNearShift(tx, { employeeId, at: input.start_at, locationId: input.location_id });
    const locationName = await checkLocation(tx, { locationId: input.location_id });
    const times = { startAt: input.start_at, endAt: input.end_at, breaks: input.breaks };
    const date = await checkTimes(tx, employeeId, times);
    const entry = await tx.timeEntry.create({
      data: {
        employeeId,
        locationId: input.location_id,
        shiftId: shift?.id ?? null,
        date: toDateColumn(date),
        startAt: input.start_at,
        endAt: input.end_at,
        source: "manager",
        status: "recorded",
        note: input.note,
        breaks: { create: breakRows(input.breaks) },
      },
      select: ENTRY_SELECT,
    });
    await recordEntryChange(tx, {
      audit,
      action: "time_entry.create",
      employeeId,
      revision: { entryId: entry.id, before: null, after: revisionSnapshot(entry, locationName), reason: input.reason },
    });
    return entry.id;
  }, LOCKING_TRANSACTION);
  return getTimeEntry(db, id);
}

/**
 * PUT /api/time-entries/{id}: the entry's location, times, breaks and note anew. A running entry is thereby ended
 * (a manager closing a forgotten stamp); void and approved entries are closed (409).
 */
export async function updateTimeEntry({
  id,
  input,
  audit,
}: UpdateOptions<TimeEntryUpdateInput>): Promise<TimeEntryDto> {
  await transaction(async (tx) => {
    const { row, locationName: nameBefore } = await lockedEntry(tx, id);
    assertChangeable(row.status);
    await assertMonthOpen(tx, row.employeeId, businessDateOf(row.startAt));
    const shift = await holdNearShift(tx, {
      employeeId: row.employeeId,
      at: input.start_at,
      locationId: input.location_id,
    });
    const locationName = await checkLocation(tx, { locationId: input.location_id, keep: row.locationId });
    const times = { startAt: input.start_at, endAt: input.end_at, breaks: input.breaks };
    const date = await checkTimes(tx, row.employeeId, times, id);
    await tx.timeBreak.deleteMany({ where: { entryId: id } });
    await tx.timeEntry.update({
      where: { id },
      data: {
        locationId: input.location_id,
        shiftId: shift?.id ?? null,
        date: toDateColumn(date),
        startAt: input.start_at,
        endAt: input.end_at,
        status: "recorded",
        note: input.note,
        breaks: { create: breakRows(input.breaks) },
      },
    });
    await recordEntryChange(tx, {
      audit,
      action: "time_entry.update",
      employeeId: row.employeeId,
      revision: {
        entryId: id,
        before: revisionSnapshot(row, nameBefore),
        after: revisionSnapshot(await readRow(tx, id), locationName),
        reason: input.reason,
      },
    });
  }, LOCKING_TRANSACTION);
  return getTimeEntry(db, id);
}

export const ALREADY_VOID = "Dieser Eintrag ist bereits storniert.";

/** POST /api/time-entries/{id}/void: the entry stays, struck through, and counts no more (a running one too). */
export async function voidTimeEntry({
  id,
  input,
  audit,
}: {
  id: number;
  input: ReasonInput;
  audit: AuditContext;
}): Promise<TimeEntryDto> {
  await transaction(async (tx) => {
    const { row, locationName } = await lockedEntry(tx, id);
    if (row.status === "void") throw new ApiError("conflict", ALREADY_VOID);
    assertChangeable(row.status);
    await assertMonthOpen(tx, row.employeeId, businessDateOf(row.startAt));
    await tx.timeEntry.update({ where: { id }, data: { status: "void" } });
    await recordEntryChange(tx, {
      audit,
      action: "time_entry.void",
      employeeId: row.employeeId,
      revision: {
        entryId: id,
        before: revisionSnapshot(row, locationName),
        after: revisionSnapshot(await readRow(tx, id), locationName),
        reason: input.reason,
      },
    });
  }, LOCKING_TRANSACTION);
  return getTimeEntry(db, id);
}
