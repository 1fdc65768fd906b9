import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { toDateColumn } from "@/lib/server/db/columns";
import type { Db } from "@/lib/server/db/client";
import type { TimeCorrectionDto, TimeEntryDto, TimeEntryListItem, TimeEntryRevisionDto } from "@/lib/shared/api-types";
import type { TimeCorrectionStatus } from "@/lib/shared/schemas/time-entry";
import { ENTRY_SELECT, LIST_ITEM_SELECT, toListItem, toTimeEntryDto } from "./time-entry-dto";

export function timeEntryNotFound(): ApiError {
  return new ApiError("not_found", "Zeiteintrag nicht gefunden");
}

export function correctionNotFound(): ApiError {
  return new ApiError("not_found", "Korrekturantrag nicht gefunden");
}

export type TimeEntryFilter = {
  startDate: string;
  endDate: string;
  employeeId?: number;
  locationId?: number;
};

/**
 * Entries whose business day lies in the range (both ends included), void ones too (shown struck through), sorted
 * by start. The range is bounded by the query schema (at most 366 days).
 */
export async function findTimeEntries(db: Db, filter: TimeEntryFilter): Promise<TimeEntryListItem[]> {
  const rows = await db.timeEntry.findMany({
    where: {
      date: { gte: toDateColumn(filter.startDate), lte: toDateColumn(filter.endDate) },
      ...(filter.employeeId !== undefined && { employeeId: filter.employeeId }),
      ...(filter.locationId !== undefined && { locationId: filter.locationId }),
    },
    select: LIST_ITEM_SELECT,
    orderBy: [{ startAt: "asc" }, { id: "asc" }],
  });
  const now = new Date();
  return rows.map((row) => toListItem(row, now));
}

/** One entry, or 404. */
export async function getTimeEntry(db: Db, id: number): Promise<TimeEntryDto> {
  const row = await db.timeEntry.findUnique({ where: { id }, select: ENTRY_SELECT });
  if (!row) throw timeEntryNotFound();
  return toTimeEntryDto(row);
}

/** Whose entry it is (for the route's check of who may read its revisions), or 404. */
export async function entryEmployeeId(db: Db, id: number): Promise<number> {
  const row = await db.timeEntry.findUnique({ where: { id }, select: { employeeId: true } });
  if (!row) throw timeEntryNotFound();
  return row.employeeId;
}

/** The revisions of an entry, oldest first. */
export async function findRevisions(db: Db, entryId: number): Promise<TimeEntryRevisionDto[]> {
  const rows = await db.timeEntryRevision.findMany({
    where: { entryId },
    orderBy: [{ changedAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    entry_id: row.entryId,
    changed_by: row.changedBy,
    changed_by_name: row.changedByName,
    changed_at: row.changedAt.toISOString(),
    before: row.before as Record<string, unknown> | null,
    after: row.after as Record<string, unknown>,
    reason: row.reason,
    correction_id: row.correctionId,
  }));
}

/** How many decided requests a list shows at most (the newest); open ones are all shown. */
const DECIDED_LIMIT = 200;

const CORRECTION_SELECT = {
  id: true,
  entryId: true,
  requestedBy: true,
  note: true,
  proposedStartAt: true,
  proposedEndAt: true,
  status: true,
  decidedBy: true,
  decidedAt: true,
  decisionNote: true,
  createdAt: true,
  entry: { select: ENTRY_SELECT },
} as const satisfies Prisma.TimeCorrectionSelect;

/** Correction requests of one status: open ones oldest first (a queue), decided ones newest first. */
export async function findCorrections(db: Db, status: TimeCorrectionStatus): Promise<TimeCorrectionDto[]> {
  const rows = await db.timeCorrection.findMany({
    where: { status },
    select: CORRECTION_SELECT,
    orderBy: status === "open" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ decidedAt: "desc" }, { id: "desc" }],
    ...(status !== "open" && { take: DECIDED_LIMIT }),
  });
  return rows.map(toCorrectionDto);
}

export async function getCorrection(db: Db, id: number): Promise<TimeCorrectionDto> {
  const row = await db.timeCorrection.findUnique({ where: { id }, select: CORRECTION_SELECT });
  if (!row) throw correctionNotFound();
  return toCorrectionDto(row);
}

type CorrectionRow = Prisma.TimeCorrectionGetPayload<{ select: typeof CORRECTION_SELECT }>;

function toCorrectionDto(row: CorrectionRow): TimeCorrectionDto {
  const entry = toTimeEntryDto(row.entry);
  return {
    id: row.id,
    entry_id: row.entryId,
    employee_id: entry.employee_id,
    employee_name: entry.employee_name,
    requested_by: row.requestedBy,
    note: row.note,
    proposed_start_at: row.proposedStartAt?.toISOString() ?? null,
    proposed_end_at: row.proposedEndAt?.toISOString() ?? null,
    status: row.status,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    entry,
  };
}
