import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { transaction } from "@/lib/server/db/transaction";
import type { TimeCorrectionDto } from "@/lib/shared/api-types";
import {
  BREAK_OUTSIDE,
  END_NOT_AFTER_START,
  MAX_ENTRY_HOURS,
  type AcceptCorrectionInput,
  type CorrectionInput,
  type RejectCorrectionInput,
} from "@/lib/shared/schemas/time-entry";
import { assertChangeable, assertMonthOpen, assertNoOverlap, assertRecordable, holdNearShift } from "./entry-checks";
import { correctionNotFound, getCorrection, timeEntryNotFound } from "./find-time-entries";
import { lockedEntry, recordEntryChange } from "./write-time-entries";
import { businessDateOf, ENTRY_SELECT, revisionSnapshot, type EntryRow } from "./time-entry-dto";

/**
 * Staff ask for a correction of their own entry; a manager accepts it (the proposed times become the entry's, a
 * revision names the request) or rejects it with a reason (docs/PRODUCT-RULES.md §32.1).
 */

export const CORRECTION_OPEN = "Für diesen Eintrag ist bereits ein Korrekturantrag offen.";
export const ALREADY_DECIDED = "Über diesen Korrekturantrag wurde bereits entschieden.";
const BREAK_STILL_RUNNING = "Die Pause läuft noch: bitte zuerst die Pause beenden.";

function fieldError(field: string, message: string): ApiError {
  return new ApiError("validation_failed", message, { fields: { [field]: message } });
}

/**
 * The entry's times with a proposal applied, checked as far as the entry alone allows: end after start, at most
 * 24 h, not in the future, and (`withBreaks`) the breaks inside. A running entry without a proposed end stays running.
 */
function proposedTimes(
  row: EntryRow,
  proposal: { startAt: Date | null; endAt: Date | null },
  now: Date,
  { withBreaks }: { withBreaks: boolean },
) {
  const startAt = proposal.startAt ?? row.startAt;
  const endAt = proposal.endAt ?? row.endAt;
  assertRecordable({ startAt, endAt, now });
  if (endAt && endAt <= startAt) throw fieldError("end_at", END_NOT_AFTER_START);
  if (endAt && endAt.getTime() - startAt.getTime() > MAX_ENTRY_HOURS * 3_600_000)
    throw fieldError("end_at", `Ein Eintrag darf höchstens ${MAX_ENTRY_HOURS} Stunden dauern`);
  // Staff cannot edit breaks, so their request is not refused for them; the manager's acceptance is.
  if (!withBreaks) return { startAt, endAt };
  if (endAt && row.breaks.some((pause) => pause.endAt === null)) throw new ApiError("conflict", BREAK_STILL_RUNNING);
  const outside = row.breaks.some(
    (pause) => pause.startAt < startAt || (endAt !== null && (pause.endAt ?? pause.startAt) > endAt),
  );
  if (outside) throw new ApiError("conflict", `${BREAK_OUTSIDE}: bitte den Eintrag mit seinen Pausen bearbeiten.`);
  return { startAt, endAt };
}

/** POST /api/me/time-entries/{id}/correction: the caller's own entry only (another's is 404, as if unknown). */
export async function requestCorrection({
  entryId,
  employeeId,
  input,
  audit,
}: {
  entryId: number;
  employeeId: number;
  input: CorrectionInput;
  audit: AuditContext;
}): Promise<TimeCorrectionDto> {
  const id = await transaction(async (tx) => {
    const owner = await tx.timeEntry.findUnique({ where: { id: entryId }, select: { employeeId: true } });
    if (!owner || owner.employeeId !== employeeId) throw timeEntryNotFound();
    const { row } = await lockedEntry(tx, entryId);
    assertChangeable(row.status);
    await assertMonthOpen(tx, row.employeeId, businessDateOf(row.startAt));
    proposedTimes(row, { startAt: input.start_at ?? null, endAt: input.end_at ?? null }, new Date(), {
      withBreaks: false,
    });
    let correction: { id: number };
    try {
      correction = await tx.timeCorrection.create({
        data: {
          entryId,
          requestedBy: audit.actor.id,
          note: input.note,
          proposedStartAt: input.start_at ?? null,
          proposedEndAt: input.end_at ?? null,
        },
        select: { id: true },
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
        throw new ApiError("conflict", CORRECTION_OPEN);
      throw error;
    }
    await recordAudit(tx, {
      ...audit,
      action: "time_correction.request",
      entityType: "time_correction",
      entityId: correction.id,
      details: {
        entry_id: entryId,
        employee_id: employeeId,
        note: input.note,
        proposed_start_at: input.start_at?.toISOString() ?? null,
        proposed_end_at: input.end_at?.toISOString() ?? null,
      },
    });
    return correction.id;
  }, LOCKING_TRANSACTION);
  return getCorrection(db, id);
}

/** The open request `id` and its entry, read after the entry's employee is locked; 404 / 409 when decided. */
async function lockedCorrection(tx: Tx, id: number) {
  const found = await tx.timeCorrection.findUnique({ where: { id }, select: { entryId: true } });
  if (!found) throw correctionNotFound();
  const entry = await lockedEntry(tx, found.entryId);
  const correction = await tx.timeCorrection.findUniqueOrThrow({ where: { id } });
  if (correction.status !== "open") throw new ApiError("conflict", ALREADY_DECIDED);
  return { correction, ...entry };
}

/** POST /api/time-corrections/{id}/accept: the proposed times become the entry's, as a manager's change. */
export async function acceptCorrection({
  id,
  input,
  audit,
}: {
  id: number;
  input: AcceptCorrectionInput;
  audit: AuditContext;
}): Promise<TimeCorrectionDto> {
  await transaction(async (tx) => {
    const { correction, row, locationName } = await lockedCorrection(tx, id);
    assertChangeable(row.status);
    const now = new Date();
    const { startAt, endAt } = proposedTimes(
      row,
      { startAt: correction.proposedStartAt, endAt: correction.proposedEndAt },
      now,
      { withBreaks: true },
    );
    const date = businessDateOf(startAt);
    await assertMonthOpen(tx, row.employeeId, businessDateOf(row.startAt));
    await assertMonthOpen(tx, row.employeeId, date);
    await assertNoOverlap(tx, { employeeId: row.employeeId, startAt, endAt: endAt ?? now, excludeId: row.id });
    // Applied as a manager's change: the entry is linked to the shift near its new start, as a PUT would link it.
    const shift = await holdNearShift(tx, { employeeId: row.employeeId, at: startAt, locationId: row.locationId });
    await tx.timeEntry.update({
      where: { id: row.id },
      data: {
        startAt,
        endAt,
        date: toDateColumn(date),
        shiftId: shift?.id ?? null,
        ...(endAt && { status: "recorded" }),
      },
    });
    await tx.timeCorrection.update({
      where: { id },
      data: { status: "accepted", decidedBy: audit.actor.id, decidedAt: now, decisionNote: input.note },
    });
    const after = await tx.timeEntry.findUniqueOrThrow({ where: { id: row.id }, select: ENTRY_SELECT });
    await recordEntryChange(tx, {
      audit,
      action: "time_correction.accept",
      employeeId: row.employeeId,
      revision: {
        entryId: row.id,
        before: revisionSnapshot(row, locationName, now),
        after: revisionSnapshot(after, locationName, now),
        reason: `Korrekturantrag: ${correction.note}${input.note ? ` – ${input.note}` : ""}`.slice(0, 500),
        correctionId: id,
      },
    });
  }, LOCKING_TRANSACTION);
  return getCorrection(db, id);
}

/** POST /api/time-corrections/{id}/reject: the entry stays; the employee reads the reason. */
export async function rejectCorrection({
  id,
  input,
  audit,
}: {
  id: number;
  input: RejectCorrectionInput;
  audit: AuditContext;
}): Promise<TimeCorrectionDto> {
  await transaction(async (tx) => {
    const { row } = await lockedCorrection(tx, id);
    await tx.timeCorrection.update({
      where: { id },
      data: { status: "rejected", decidedBy: audit.actor.id, decidedAt: new Date(), decisionNote: input.note },
    });
    await recordAudit(tx, {
      ...audit,
      action: "time_correction.reject",
      entityType: "time_correction",
      entityId: id,
      details: { entry_id: row.id, employee_id: row.employeeId, note: input.note },
    });
  }, LOCKING_TRANSACTION);
  return getCorrection(db, id);
}
