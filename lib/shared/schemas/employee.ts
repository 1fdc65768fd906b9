import { z } from "zod";
import { halfStepSchema, nameSchema } from "./fragments";

const fields = {
  first_name: nameSchema("Bitte gib einen Vornamen ein"),
  last_name: nameSchema("Bitte gib einen Nachnamen ein"),
  weekly_hours: halfStepSchema(0, 168, "Wochenstunden"),
  vacation_days_total: halfStepSchema(0, 365, "Ferientage pro Jahr"),
  is_hourly: z.boolean({ error: "Stundenlohn muss ja oder nein sein" }),
};

/** POST /employees: defaults of SPEC §9 (40 hours, 20 days, fixed employment). */
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
