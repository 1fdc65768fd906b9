import { z } from "zod";
import { halfStepSchema, nameSchema } from "./fragments";

export const employeeInputSchema = z.object({
  first_name: nameSchema("Bitte gib einen Vornamen ein"),
  last_name: nameSchema("Bitte gib einen Nachnamen ein"),
  weekly_hours: halfStepSchema(0, 168, "Wochenstunden").default(40),
  vacation_days_total: halfStepSchema(0, 365, "Ferientage pro Jahr").default(20),
  is_hourly: z.boolean({ error: "Stundenlohn muss ja oder nein sein" }).default(false),
});

export type EmployeeInput = z.infer<typeof employeeInputSchema>;
