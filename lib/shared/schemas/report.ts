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

/** What the schedule PDF's rows are (docs/PRODUCT-RULES.md §27.6): locations (the default) or employees. */
export const SCHEDULE_PDF_ROWS = ["locations", "employees"] as const;
export type SchedulePdfRows = (typeof SCHEDULE_PDF_ROWS)[number];

/** ?start_date&end_date[&rows] of the schedule PDF. */
export const schedulePdfQuerySchema = z.intersection(
  dateRangeQuerySchema,
  z.object({
    rows: z
      .enum(SCHEDULE_PDF_ROWS, { error: "Zeilen müssen locations (Standorte) oder employees (Mitarbeitende) sein" })
      .default("locations")
      .meta({ description: "One row per location (default) or per employee with shifts in the range" }),
  }),
);
export type SchedulePdfQuery = z.infer<typeof schedulePdfQuerySchema>;

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
  absence_hours: z
    .number()
    .nullable()
    .meta({
      description:
        "Hours of the target credited by absences besides vacation (docs §32.2: every type but unbezahlt); " +
        "null for the hourly paid",
    }),
});

export const hoursReportSchema = z.strictObject({
  start_date: date,
  end_date: date,
  employees: z.array(hoursReportRowSchema),
  totals: z.strictObject({
    scheduled_hours: z.number().meta({ description: "Everyone's scheduled hours, hourly staff included" }),
    target_hours: z.number(),
    shift_count: z.number().int(),
    salaried: z
      .strictObject({
        employees: z.number().int(),
        target_hours: z.number(),
        scheduled_hours: z.number(),
        difference: z.number(),
        shift_count: z.number().int(),
        vacation_days: z.number(),
      })
      .meta({ description: "The employees with contract hours: their target against their scheduled hours" }),
    hourly: z
      .strictObject({
        employees: z.number().int(),
        scheduled_hours: z.number(),
        shift_count: z.number().int(),
        vacation_days: z.number(),
      })
      .meta({ description: "The hourly employees: no target, their hours on a line of their own" }),
  }),
});
