import "server-only";
import { config } from "@/lib/server/config";
import { fromDateColumn } from "@/lib/server/db/columns";
import { shiftInterval } from "@/lib/shared/rules";

/** A running entry counts as forgotten after this long (PRODUCT §12) … */
export const FORGOTTEN_AFTER_MS = 14 * 3_600_000;
/** … or this long after the end of the shift it was stamped against. */
export const FORGOTTEN_AFTER_SHIFT_MS = 4 * 3_600_000;

/** The times of the shift a running entry was stamped against, as the database has them now; null: none or gone. */
export type StampedShift = { shift_date: string; start_time: string; end_time: string } | null;

/** A running entry read with its shift's columns (LEFT JOIN shifts, times as 'HH24:MI'). */
export type RunningEntryRow = {
  start_at: Date;
  shift_date: Date | null;
  start_time: string | null;
  end_time: string | null;
};

/** `looksForgotten` of such a row. */
export function rowLooksForgotten(row: RunningEntryRow, now: number): boolean {
  const stamped =
    row.shift_date && row.start_time && row.end_time
      ? { shift_date: fromDateColumn(row.shift_date), start_time: row.start_time, end_time: row.end_time }
      : null;
  return looksForgotten(row.start_at.getTime(), stamped, now);
}

/**
 * "Ausstempeln vergessen?" (docs/PRODUCT-RULES.md §32.1, §32.3): the one rule of `/me`, the timesheet and the
 * dashboard. A running entry is flagged after 14 h, or 4 h after the end of the shift it was stamped against —
 * that shift's times while it exists, whoever holds it now (a shift handed on after the stamp still ended when it
 * ended). The end is the shift's real instant (`shiftInterval`, the October night as the rules read it).
 */
export function looksForgotten(startAt: number, stamped: StampedShift, now: number): boolean {
  if (now - startAt > FORGOTTEN_AFTER_MS) return true;
  if (!stamped) return false;
  return now - shiftInterval(stamped, config.timeZone).end > FORGOTTEN_AFTER_SHIFT_MS;
}
