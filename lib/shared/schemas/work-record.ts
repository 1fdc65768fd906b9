/**
 * The "Arbeitszeitnachweis" of one employee and month as a PDF or CSV download (docs/PRODUCT-RULES.md §32.7).
 */
import { z } from "zod";
import { idSchema } from "./fragments";
import { monthSchema } from "./timesheet";

/** GET /api/me/time-record/{pdf,csv}: the caller's own month. */
export const myWorkRecordQuerySchema = z.object({ month: monthSchema });

/** GET /api/timesheets/record/{pdf,csv}: any employee's month (archived ones too). */
export const workRecordQuerySchema = z.object({ employee_id: idSchema, month: monthSchema });
export type WorkRecordQuery = z.infer<typeof workRecordQuerySchema>;
