import { z } from "zod";
import { MAX_EMPLOYEE_LOCATIONS } from "@/lib/shared/employee-locations";
import { dateSchema, halfStepSchema, idSchema, nameSchema, refIdSchema } from "./fragments";
import { date, id, timestamp } from "./response-fields";
import { shiftDtoSchema } from "./shift";

// A location id as in any body (refIdSchema); the list reports a bad one on itself, with one message.
const locationId = refIdSchema("Ungültiger Standort");
const isId = (value: unknown) => locationId.safeParse(value).success;

/**
 * Einsatzorte (docs/PRODUCT-RULES.md §28.1): location ids, duplicates collapse, answered ascending; empty = every
 * location. Checked as a whole, so a bad entry is reported on `location_ids` itself (not `location_ids.3`).
 */
export function locationIdsSchema() {
  const message = "Ungültiger Standort";
  return (
    z
      // Items are checked by the refine below; the meta tells the OpenAPI document what they are.
      .array(z.unknown().meta({ type: "integer", minimum: 1 }), {
        error: "Einsatzorte müssen eine Liste von Standorten sein",
      })
      .max(MAX_EMPLOYEE_LOCATIONS, { error: `Höchstens ${MAX_EMPLOYEE_LOCATIONS} Einsatzorte` })
      .refine((ids) => ids.every(isId), { error: message })
      .transform((ids) => [...new Set(ids as number[])].sort((a, b) => a - b))
      .meta({
        description: "Einsatzorte: ids of active locations; empty = every location (docs/PRODUCT-RULES.md §28.1)",
        examples: [[1, 3]],
      })
  );
}

// A first character that is a letter or digit: a leading "-" would read as a formula in a spreadsheet (the CSV).
const PERSONNEL_NUMBER_MESSAGE =
  "Die Personalnummer hat 1–20 Zeichen: Buchstaben, Ziffern, Punkt, Binde- oder Unterstrich; " +
  "sie beginnt mit einem Buchstaben oder einer Ziffer";

const fields = {
  first_name: nameSchema("Bitte gib einen Vornamen ein"),
  last_name: nameSchema("Bitte gib einen Nachnamen ein"),
  weekly_hours: halfStepSchema(0, 168, "Wochenstunden"),
  vacation_days_total: halfStepSchema(0, 365, "Ferientage pro Jahr"),
  is_hourly: z.boolean({ error: "Stundenlohn muss ja oder nein sein" }),
  location_ids: locationIdsSchema(),
  /** Personalnummer for the payroll (docs/PRODUCT-RULES.md §34.2): unique; empty or null = none. */
  personnel_number: z
    .string({ error: PERSONNEL_NUMBER_MESSAGE })
    .trim()
    .regex(/^([A-Za-z0-9][A-Za-z0-9._-]{0,19})?$/, { error: PERSONNEL_NUMBER_MESSAGE })
    .nullable()
    .transform((value) => (value ? value : null))
    .meta({ description: "Personalnummer for the payroll export (admins); unique; null = none", examples: ["101"] }),
};

/** POST /employees: defaults of docs/PRODUCT-RULES.md §17 (40 hours, 20 days, fixed employment). */
export const employeeInputSchema = z.object({
  ...fields,
  weekly_hours: fields.weekly_hours.default(40),
  vacation_days_total: fields.vacation_days_total.default(20),
  is_hourly: fields.is_hourly.default(false),
  location_ids: fields.location_ids.default([]),
  personnel_number: fields.personnel_number.optional(),
});
export type EmployeeInput = z.infer<typeof employeeInputSchema>;

/** PUT /employees/{id}: what is sent changes, the rest stays (also `location_ids`: absent = unchanged). */
export const employeeUpdateSchema = z.object(fields).partial();
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

/**
 * PUT /employees/{id}/personnel-number: the personnel number alone, for archived employees too (docs/PRODUCT-RULES.md
 * §34.2): someone who left in a month still to be paid needs one for that month's payroll export.
 */
export const personnelNumberInputSchema = z.strictObject({ personnel_number: fields.personnel_number });
export type PersonnelNumberInput = z.infer<typeof personnelNumberInputSchema>;

export const personnelNumberDtoSchema = z
  .strictObject({ employee_id: id, personnel_number: z.string().nullable(), archived: z.boolean() })
  .meta({ description: "An employee's personnel number (archived employees too)" });
export type PersonnelNumberDto = z.infer<typeof personnelNumberDtoSchema>;

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
  location_ids: z.array(id).meta({
    description: "Einsatzorte, ascending; empty = works at every location (docs/PRODUCT-RULES.md §28.1)",
  }),
  created_at: timestamp,
  personnel_number: z.string().nullable().optional().meta({
    description: "Personalnummer (docs/PRODUCT-RULES.md §34.2): only in answers to admins, absent for other roles",
  }),
});

/**
 * A colleague as a linked staff member sees them (docs/PRODUCT-RULES.md §31.2): the name, nothing of their hours,
 * balance or employment.
 */
export const colleagueDtoSchema = z
  .strictObject({ id, first_name: z.string(), last_name: z.string() })
  .meta({ description: "A colleague as role user with a linked employee sees them: the name only" });

/** Employees as the caller may see them: in full, or (a linked user's colleagues) by name. */
export const visibleEmployeeSchema = z.union([employeeDtoSchema, colleagueDtoSchema]);

export const weekStatusSchema = z.enum(["free", "full", "overbooked"]);

export const employeeWeekSchema = z.strictObject({
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  is_hourly: z.boolean(),
  weekly_hours: z.number(),
  target_hours: z.number().nullable().meta({
    description: "The week's target: weekly / 5 × working days less holidays and vacation days; null for hourly",
  }),
  scheduled_hours: z.number(),
  remaining_hours: z.number().nullable().meta({ description: "target − scheduled; null for hourly employees" }),
  status: weekStatusSchema,
});

export const availabilitySchema = z.strictObject({
  employee_id: id,
  week_start: date,
  week_end: date,
  weekly_hours: z.number(),
  is_hourly: z.boolean(),
  target_hours: z.number().nullable().meta({
    description: "The week's target: weekly / 5 × working days less holidays and vacation days; null for hourly",
  }),
  scheduled_hours: z.number(),
  remaining_hours: z.number().nullable().meta({ description: "target − scheduled; null for hourly employees" }),
  status: weekStatusSchema,
  vacation_dates: z.array(date),
  shifts: z.array(shiftDtoSchema),
});

/** GET /employees/{id}/deletion-impact: what the archive would do now (docs/PRODUCT-RULES.md §29.4). */
export const employeeDeletionImpactSchema = z.strictObject({
  future_shifts: z.number().int().meta({ description: "Shifts dated today or later: they become open" }),
  future_vacations: z.number().int().meta({ description: "Vacations starting today or later: they are deleted" }),
  running_vacations: z
    .number()
    .int()
    .meta({ description: "Vacations that began before today and run on: they are cut to end yesterday" }),
  linked_users: z.number().int().meta({ description: "User accounts linked to the employee: the link is removed" }),
});
