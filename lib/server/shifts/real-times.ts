import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { config } from "@/lib/server/config";
import { addDays } from "@/lib/shared/dates";
import { formatDate } from "@/lib/shared/format";
import { shiftSpanMinutes, wallTimeExists } from "@/lib/shared/rules/time";
import { BREAK_NOT_SHORTER } from "@/lib/shared/schemas/shift";

type DatedTimes = { shift_date: string; start_time: string; end_time: string; break_minutes: number };

/** "Am 29.03.2026 gibt es 02:30 nicht (Zeitumstellung)" */
export const missingTimeMessage = (date: string, time: string) =>
  `Am ${formatDate(date)} gibt es ${time} nicht (Zeitumstellung)`;

/**
 * Why a dated shift's times cannot be, or null: a start or end in the hour the clocks skip in March does not exist
 * (docs/PRODUCT-RULES.md §32.5), and the break must be shorter than the shift's real length. The field is the one a
 * form would mark.
 */
export function realTimesProblem(
  shift: DatedTimes,
  timeZone = config.timeZone,
): { field: "start_time" | "end_time" | "break_minutes"; message: string } | null {
  if (!wallTimeExists(timeZone, shift.shift_date, shift.start_time))
    return { field: "start_time", message: missingTimeMessage(shift.shift_date, shift.start_time) };
  const endDate = shift.end_time <= shift.start_time ? addDays(shift.shift_date, 1) : shift.shift_date;
  if (!wallTimeExists(timeZone, endDate, shift.end_time))
    return { field: "end_time", message: missingTimeMessage(endDate, shift.end_time) };
  if (shift.break_minutes >= shiftSpanMinutes(shift, timeZone))
    return { field: "break_minutes", message: BREAK_NOT_SHORTER };
  return null;
}

/** POST/PUT of one shift: 400 with the field when its times cannot be. */
export function assertRealTimes(shift: DatedTimes): void {
  const problem = realTimesProblem(shift);
  if (problem)
    throw new ApiError("validation_failed", problem.message, { fields: { [problem.field]: problem.message } });
}

/** Shifts written onto other days (copies, moves, a template): 400 on `field` naming the first that cannot be. */
export function assertRealTimesOf(shifts: Iterable<DatedTimes>, field: string): void {
  for (const shift of shifts) {
    const problem = realTimesProblem(shift);
    if (problem) throw new ApiError("validation_failed", problem.message, { fields: { [field]: problem.message } });
  }
}
