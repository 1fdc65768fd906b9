import { z } from "zod";
import { dateSchema, halfStepSchema, idSchema, nameSchema } from "./fragments";
import { date, id, timestamp } from "./response-fields";
import { shiftDtoSchema } from "./shift";

const fields = {
  first_name: nameSchema("Bitte gib einen Vornamen ein"),
  last_name: nameSchema("Bitte gib einen Nachnamen ein"),
  weekly_hours: halfStepSchema(0, 168, "Wochenstunden"),
  vacation_days_total: halfStepSchema(0, 365, "Ferientage pro Jahr"),
  is_hourly: z.boolean({ error: "Stundenlohn muss ja oder nein sein" }),
};

/** POST /employees: defaults of docs/PRODUCT-RULES.md §17 (40 hours, 20 days, fixed employment). */
export const employeeInputSchema = z.object({
  ...fields,
  weekly_hours: fields.weekly_hours.default(40),
  vacation_days_total: fields.vacation_days_total.default(20),
  is_hourly: fields.is_hourly.default(false),
});
export type EmployeeInput = z.infer<typeof employeeInputSchema>;

/** PUT /employees/{id}: what is sent changes, the rest stays. */
export const employeeUpdateSchema = z.object(fields).partial();
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

/** Path of GET /employees/{id}/availability/{date}. */
export const availabilityParamsSchema = z.object({ id: idSchema, date: dateSchema() });

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const employeeDtoSchema = z.strictObject({
  id,
  first_name: z.string(),
  last_name: z.string(),
  weekly_hours: z.number(),
  vacation_days_total: z.number(),
  vacation_days_used: z.number().meta({ description: "Approved vacation days of the current year" }),
  vacation_days_pending: z.number().meta({
    description: "Requested vacation days of the current year awaiting a decision (docs/PRODUCT-RULES.md §26.3)",
  }),
  vacation_days_remaining: z.number().meta({ description: "vacation_days_total − vacation_days_used" }),
  is_hourly: z.boolean(),
  created_at: timestamp,
});

export const weekStatusSchema = z.enum(["free", "full", "overbooked"]);

export const employeeWeekSchema = z.strictObject({
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  is_hourly: z.boolean(),
  weekly_hours: z.number(),
  scheduled_hours: z.number(),
  remaining_hours: z.number().nullable().meta({ description: "weekly − scheduled; null for hourly employees" }),
  status: weekStatusSchema,
});

export const availabilitySchema = z.strictObject({
  employee_id: id,
  week_start: date,
  week_end: date,
  weekly_hours: z.number(),
  is_hourly: z.boolean(),
  scheduled_hours: z.number(),
  remaining_hours: z.number().nullable().meta({ description: "null for hourly employees" }),
  status: weekStatusSchema,
  vacation_dates: z.array(date),
  shifts: z.array(shiftDtoSchema),
});
