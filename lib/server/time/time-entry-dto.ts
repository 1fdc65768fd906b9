import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { config } from "@/lib/server/config";
import { fromDateColumn } from "@/lib/server/db/columns";
import type { TimeEntryDto, TimeEntryListItem } from "@/lib/shared/api-types";
import { todayIn } from "@/lib/shared/dates";

/** What every read of an entry selects, for `toTimeEntryDto`. */
export const ENTRY_SELECT = {
  id: true,
  employeeId: true,
  locationId: true,
  shiftId: true,
  date: true,
  startAt: true,
  endAt: true,
  source: true,
  status: true,
  note: true,
  createdAt: true,
  updatedAt: true,
  employee: { select: { firstName: true, lastName: true } },
  breaks: { select: { startAt: true, endAt: true }, orderBy: [{ startAt: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.TimeEntrySelect;

/** ENTRY_SELECT and what the lists add. */
export const LIST_ITEM_SELECT = {
  ...ENTRY_SELECT,
  _count: { select: { revisions: true } },
  // The latest request only: at most one is open at a time, and a new one can be made only after a decision.
  corrections: {
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1,
    select: { status: true, note: true, decisionNote: true, decidedAt: true },
  },
} as const satisfies Prisma.TimeEntrySelect;

export type EntryRow = Prisma.TimeEntryGetPayload<{ select: typeof ENTRY_SELECT }>;
type ListRow = Prisma.TimeEntryGetPayload<{ select: typeof LIST_ITEM_SELECT }>;

const MINUTE_MS = 60_000;

/**
 * Break and worked minutes (docs/PRODUCT-RULES.md §32.1): worked = end − start − breaks, in whole minutes (rounded
 * down, so a stamp never credits a minute not worked). A running entry or break counts up to `now`.
 */
export function minutesOf(row: Pick<EntryRow, "startAt" | "endAt" | "breaks">, now: Date) {
  const end = row.endAt ?? now;
  const breakMs = row.breaks.reduce((sum, pause) => {
    const pauseEnd = pause.endAt ?? end;
    return sum + Math.max(0, Math.min(pauseEnd.getTime(), end.getTime()) - pause.startAt.getTime());
  }, 0);
  const lengthMs = Math.max(0, end.getTime() - row.startAt.getTime());
  return {
    break_minutes: Math.floor(breakMs / MINUTE_MS),
    worked_minutes: Math.floor(Math.max(0, lengthMs - breakMs) / MINUTE_MS),
  };
}

/** The Time entry JSON of PRODUCT §12. */
export function toTimeEntryDto(row: EntryRow, now: Date = new Date()): TimeEntryDto {
  // A running entry voided stops counting when it was voided (its last change), not at every later read.
  const until = row.status === "void" && row.endAt === null ? row.updatedAt : now;
  return {
    id: row.id,
    employee_id: row.employeeId,
    employee_name: `${row.employee.firstName} ${row.employee.lastName}`,
    location_id: row.locationId,
    shift_id: row.shiftId,
    date: fromDateColumn(row.date),
    start_at: row.startAt.toISOString(),
    end_at: row.endAt?.toISOString() ?? null,
    breaks: row.breaks.map((pause) => ({
      start_at: pause.startAt.toISOString(),
      end_at: pause.endAt?.toISOString() ?? null,
    })),
    ...minutesOf(row, until),
    source: row.source,
    status: row.status,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toListItem(row: ListRow, now: Date = new Date()): TimeEntryListItem {
  return {
    ...toTimeEntryDto(row, now),
    revisions_count: row._count.revisions,
    open_correction: row.corrections[0]?.status === "open",
    last_correction: row.corrections[0]
      ? {
          status: row.corrections[0].status,
          note: row.corrections[0].note,
          decision_note: row.corrections[0].decisionNote,
          decided_at: row.corrections[0].decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The business day (APP_TIMEZONE) of an instant: an entry's `date` is the day its start falls on. */
export function businessDateOf(instant: Date): string {
  return todayIn(config.timeZone, instant);
}

/**
 * An entry as a revision keeps it (`before` / `after`): the fields a change can touch, instants in UTC, so the
 * history reads the same whatever happened to the entry later.
 */
export function revisionSnapshot(row: EntryRow, locationName: string, now = new Date()) {
  // A running entry (or one voided while running) counts up to the change: a forgotten stamp closed at 18:00 was
  // worked until then, not until its last stamp.
  const dto = toTimeEntryDto(row, row.endAt ?? now);
  return {
    location_id: dto.location_id,
    location_name: locationName,
    shift_id: dto.shift_id,
    date: dto.date,
    start_at: dto.start_at,
    end_at: dto.end_at,
    breaks: dto.breaks,
    break_minutes: dto.break_minutes,
    worked_minutes: dto.worked_minutes,
    status: dto.status,
    note: dto.note,
  };
}
