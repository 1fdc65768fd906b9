import { z } from "zod";
import { daysBetween, MAX_YEAR, MIN_YEAR } from "@/lib/shared/dates";
import { dateSchema, idSchema, MAX_TEXT, optionalTextSchema, plainDecimalSchema, refIdSchema } from "./fragments";
import { date, id, timestamp } from "./response-fields";
import { fieldsParsed } from "./parsed-fields";
import { changeIdSchema } from "./change";
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
    if (!fieldsParsed(ctx, "start_date", "end_date")) return;
    const span = daysBetween(vacation.start_date, vacation.end_date);
    if (span < 0) ctx.addIssue({ code: "custom", path: ["end_date"], message: END_BEFORE_START });
    else if (span > MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "Ferien dürfen höchstens ein Jahr dauern" });
  });
export type VacationInput = z.infer<typeof vacationInputSchema>;

/** docs/PRODUCT-RULES.md §26.3: a request is `requested` until a manager approves or rejects it. */
export const VACATION_STATUSES = ["requested", "approved", "rejected"] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];

export const vacationStatusSchema = z
  .enum(VACATION_STATUSES, { error: "Ungültiger Status (beantragt, genehmigt oder abgelehnt)" })
  .meta({ description: 'Shown as "Beantragt" (requested), "Genehmigt" (approved), "Abgelehnt" (rejected)' });

/** GET /vacations: every filter optional; start/end select vacations overlapping the range. */
export const vacationQuerySchema = z.object({
  employee_id: idSchema.optional(),
  status: vacationStatusSchema.optional(),
  start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an").optional(),
  end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an").optional(),
});

export const REASON_REQUIRED = "Bitte gib eine Begründung ein";

/** POST /vacations/{id}/reject: the reason is shown to the requester (docs/PRODUCT-RULES.md §26.3). */
export const vacationRejectionSchema = z.object({
  reason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, { error: REASON_REQUIRED })
    .max(MAX_TEXT, { error: `Höchstens ${MAX_TEXT} Zeichen` }),
});
export type VacationRejectionInput = z.infer<typeof vacationRejectionSchema>;

const BAD_YEAR = "Ungültiges Jahr";
const YEAR_OUTSIDE = `Jahr muss zwischen ${MIN_YEAR} und ${MAX_YEAR} liegen`;

/** ?year of GET /vacations/balance/{id}: a year of the dates' window (docs/PRODUCT-RULES.md §30.1). */
export const balanceQuerySchema = z.object({
  year: plainDecimalSchema(
    z
      .number({ error: BAD_YEAR })
      .int({ error: BAD_YEAR })
      .min(MIN_YEAR, { error: YEAR_OUTSIDE })
      .max(MAX_YEAR, { error: YEAR_OUTSIDE }),
  )
    .optional()
    .meta({ description: `${MIN_YEAR}–${MAX_YEAR}; left out: this year` }),
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
  status: vacationStatusSchema,
  notes: z.string().nullable(),
  rejection_reason: z
    .string()
    .nullable()
    .meta({ description: "The manager's reason, shown to the requester; set exactly when `status` is rejected" }),
  created_at: timestamp,
});

/** POST/PUT/approve answer: the vacation and how many of the employee's shifts in its range became open (§25). */
export const recordedVacationSchema = vacationDtoSchema.extend({
  opened_shifts: z
    .int()
    .meta({ description: "Shifts of the employee in the range, now unassigned (0 for a request: nothing is opened)" }),
  change_id: changeIdSchema.optional().meta({
    description:
      "A recorded or approved vacation (not a request, not an edit): POST /api/changes/{change_id}/undo takes it " +
      "back with the shifts it opened",
  }),
});

export const vacationBalanceSchema = z.strictObject({
  employee_id: id,
  year: z.number().int(),
  total: z.number(),
  used: z.number().meta({ description: "Days of approved vacations" }),
  pending: z.number().meta({ description: "Days of requests awaiting a decision (not yet taken from `remaining`)" }),
  remaining: z.number().meta({ description: "total − used" }),
});
