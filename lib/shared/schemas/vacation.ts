import { z } from "zod";
import { daysBetween } from "@/lib/shared/dates";
import { dateSchema, idSchema, optionalTextSchema, refIdSchema } from "./fragments";
import { date, id, timestamp } from "./response-fields";
import { MAX_RANGE_DAYS } from "./shift";

export const EMPLOYEE_REQUIRED = "Bitte wähle einen Mitarbeiter aus";
export const END_BEFORE_START = "Das Enddatum darf nicht vor dem Startdatum liegen";

export const vacationInputSchema = z
  .object({
    employee_id: refIdSchema(EMPLOYEE_REQUIRED),
    start_date: dateSchema("Bitte gib ein gültiges Startdatum ein"),
    end_date: dateSchema("Bitte gib ein gültiges Enddatum ein"),
    notes: optionalTextSchema,
  })
  .superRefine((vacation, ctx) => {
    const span = daysBetween(vacation.start_date, vacation.end_date);
    if (span < 0) ctx.addIssue({ code: "custom", path: ["end_date"], message: END_BEFORE_START });
    else if (span > MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "Ferien dürfen höchstens ein Jahr dauern" });
  });
export type VacationInput = z.infer<typeof vacationInputSchema>;

/** GET /vacations: every filter optional; start/end select vacations overlapping the range. */
export const vacationQuerySchema = z.object({
  employee_id: idSchema.optional(),
  start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an").optional(),
  end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an").optional(),
});

export const balanceQuerySchema = z.object({
  year: z.coerce
    .number({ error: "Ungültiges Jahr" })
    .int({ error: "Ungültiges Jahr" })
    .min(2000, { error: "Ungültiges Jahr" })
    .max(2100, { error: "Ungültiges Jahr" })
    .optional(),
});

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const vacationDtoSchema = z.strictObject({
  id,
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  start_date: date,
  end_date: date,
  days_count: z.number(),
  status: z.literal("approved").meta({ description: 'Shown as "Genehmigt"' }),
  notes: z.string().nullable(),
  created_at: timestamp,
});

/** POST/PUT answer: the vacation and how many of the employee's shifts in its range became open (§25). */
export const recordedVacationSchema = vacationDtoSchema.extend({
  opened_shifts: z.int().meta({ description: "Shifts of the employee in the range, now unassigned" }),
});

export const vacationBalanceSchema = z.strictObject({
  employee_id: id,
  year: z.number().int(),
  total: z.number(),
  used: z.number(),
  remaining: z.number(),
});
