import "server-only";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { ShiftInput } from "@/lib/shared/schemas/shift";

/** A shift's API fields as the columns Prisma writes (POST/PUT, and undo putting a state back). */
export function shiftColumns(input: ShiftInput) {
  return {
    employeeId: input.employee_id,
    locationId: input.location_id,
    shiftDate: toDateColumn(input.shift_date),
    startTime: toTimeColumn(input.start_time),
    endTime: toTimeColumn(input.end_time),
    breakMinutes: input.break_minutes,
    isCustom: input.is_custom,
    customName: input.custom_name,
  };
}
