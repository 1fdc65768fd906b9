import { z } from "zod";
import { idSchema } from "./fragments";
import { date, id } from "./response-fields";
import { dateRangeQuerySchema } from "./shift";

/** ?start_date&end_date[&employee_id] of the hours report (JSON and PDF). */
export const hoursReportQuerySchema = z.intersection(
  dateRangeQuerySchema,
  z.object({ employee_id: idSchema.optional() }),
);
export type HoursReportQuery = z.infer<typeof hoursReportQuerySchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const hoursReportRowSchema = z.strictObject({
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  is_hourly: z.boolean(),
  weekly_hours: z.number(),
  target_hours: z.number().nullable(),
  scheduled_hours: z.number(),
  difference: z.number().nullable(),
  shift_count: z.number().int(),
  vacation_days: z.number(),
});

export const hoursReportSchema = z.strictObject({
  start_date: date,
  end_date: date,
  employees: z.array(hoursReportRowSchema),
  totals: z.strictObject({ scheduled_hours: z.number(), target_hours: z.number(), shift_count: z.number().int() }),
});
