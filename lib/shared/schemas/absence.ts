import { z } from "zod";
import { daysBetween } from "@/lib/shared/dates";
import { dateSchema, idSchema, optionalTextSchema, refIdSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id, timestamp } from "./response-fields";
import { changeIdSchema } from "./change";
import { dateRangeQuerySchema, MAX_RANGE_DAYS } from "./shift";
import { EMPLOYEE_REQUIRED, END_BEFORE_START } from "./vacation";

/** docs/PRODUCT-RULES.md §32.2: the kinds of absence besides vacation. */
export const ABSENCE_TYPES = ["krank", "unbezahlt", "militaer", "weiterbildung", "kompensation"] as const;
export type AbsenceType = (typeof ABSENCE_TYPES)[number];

/** The German names the screens show; the calendar feed and colleagues never see them (health data). */
export const ABSENCE_TYPE_LABELS: Record<AbsenceType, string> = {
  krank: "Krank",
  unbezahlt: "Unbezahlter Urlaub",
  militaer: "Militär-/Zivildienst",
  weiterbildung: "Weiterbildung",
  kompensation: "Kompensation",
};

/** Every type but unpaid leave credits the target like a vacation day (docs/PRODUCT-RULES.md §32.2, §31.1). */
export const creditsTarget = (type: AbsenceType): boolean => type !== "unbezahlt";

export const HOURS_ONE_DAY = "Stunden gibt es nur bei einer Abwesenheit an einem einzigen Tag";
export const HOURS_RANGE = "Stunden müssen grösser als 0 und höchstens 24 sein";
export const HOURS_STEP = "Stunden nur in Schritten von 0.25";
export const CERTIFICATE_ONLY_SICK = "Ein Arztzeugnis gibt es nur bei Krankheit";
const TYPE_MESSAGE = "Bitte wähle die Art: krank, unbezahlt, militaer, weiterbildung oder kompensation";

export const absenceTypeSchema = z.enum(ABSENCE_TYPES, { error: TYPE_MESSAGE }).meta({
  description:
    'Shown as "Krank", "Unbezahlter Urlaub", "Militär-/Zivildienst", "Weiterbildung", "Kompensation" (time off ' +
    "against the overtime account)",
});

/**
 * POST /absences and PUT /absences/{id} (docs/PRODUCT-RULES.md §32.2): whole days from start_date to end_date (left
 * out: the one day of start_date), or `hours` on one day. The migration `absences` holds the same rules as checks.
 */
export const absenceInputSchema = z
  .object({
    employee_id: refIdSchema(EMPLOYEE_REQUIRED),
    type: absenceTypeSchema,
    start_date: dateSchema("Bitte gib ein gültiges Startdatum ein"),
    end_date: dateSchema("Bitte gib ein gültiges Enddatum ein").nullish(),
    hours: z
      .number({ error: "Stunden müssen eine Zahl sein" })
      .gt(0, { error: HOURS_RANGE })
      .max(24, { error: HOURS_RANGE })
      .refine((value) => Number.isInteger(value * 4), { error: HOURS_STEP })
      .nullish()
      .meta({ description: "Hours on one day (0.25 to 24 in steps of 0.25); left out or null: whole days" }),
    note: optionalTextSchema,
    certificate_received: z
      .boolean({ error: "Arztzeugnis erhalten muss ja oder nein sein" })
      .optional()
      .meta({ description: '"Arztzeugnis erhalten", only for `krank`; default false' }),
  })
  .superRefine((absence, ctx) => {
    if (!fieldsParsed(ctx, "start_date", "end_date", "type", "hours", "certificate_received")) return;
    const end = absence.end_date ?? absence.start_date;
    const span = daysBetween(absence.start_date, end);
    if (span < 0) ctx.addIssue({ code: "custom", path: ["end_date"], message: END_BEFORE_START });
    else if (span > MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "Höchstens ein Jahr auf einmal" });
    else if (absence.hours != null && span !== 0)
      ctx.addIssue({ code: "custom", path: ["hours"], message: HOURS_ONE_DAY });
    if (absence.certificate_received && absence.type !== "krank")
      ctx.addIssue({ code: "custom", path: ["certificate_received"], message: CERTIFICATE_ONLY_SICK });
  })
  .transform((absence) => ({
    ...absence,
    end_date: absence.end_date ?? absence.start_date,
    hours: absence.hours ?? null,
    certificate_received: absence.certificate_received ?? false,
  }));
export type AbsenceInput = z.infer<typeof absenceInputSchema>;

/** GET /absences: absences touching the range; staff may leave out employee_id (then: their own). */
export const absenceQuerySchema = dateRangeQuerySchema.and(z.object({ employee_id: idSchema.optional() }));
export type AbsenceQuery = z.infer<typeof absenceQuerySchema>;

export const MAX_SICK_DAYS = 14;
const SICK_DAYS_MESSAGE = `Bitte gib 1 bis ${MAX_SICK_DAYS} Tage an`;

/** POST /me/sick ("Ich bin krank"): today and the following days, `days` in all (default 1). */
export const sickReportSchema = z.object({
  days: z
    .number({ error: SICK_DAYS_MESSAGE })
    .int({ error: SICK_DAYS_MESSAGE })
    .min(1, { error: SICK_DAYS_MESSAGE })
    .max(MAX_SICK_DAYS, { error: SICK_DAYS_MESSAGE })
    .optional()
    .meta({ description: `Days from today on, today included (1–${MAX_SICK_DAYS}); default 1` }),
  note: optionalTextSchema,
});
export type SickReportInput = z.infer<typeof sickReportSchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const absenceDtoSchema = z.strictObject({
  id,
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  type: absenceTypeSchema,
  start_date: date,
  end_date: date,
  hours: z.number().nullable().meta({ description: "Hours on the one day; null: whole days" }),
  note: z.string().nullable(),
  certificate_received: z.boolean(),
  certificate_due: z.boolean().meta({
    description:
      "`krank` without a certificate whose day of the company's `certificate_from_day` has come: " +
      '"Arztzeugnis fehlt"',
  }),
  self_reported: z.boolean().meta({ description: 'Reported by the employee ("Ich bin krank")' }),
  created_at: timestamp,
  updated_at: timestamp,
});

/** POST/PUT answer: the absence and how many of the employee's shifts in its range became open. */
export const recordedAbsenceSchema = absenceDtoSchema.extend({
  opened_shifts: z.int().meta({ description: "Shifts of the employee on its days, now unassigned (whole days only)" }),
  change_id: changeIdSchema.optional().meta({
    description:
      "A whole-day absence recorded, or a change that opened shifts on days it gained: " +
      "POST /api/changes/{change_id}/undo takes it back with them",
  }),
});

/** POST /me/sick answer: the sick leave and how many shifts became open ("n Schichten freigegeben"). */
export const sickReportResultSchema = z.strictObject({
  absence: absenceDtoSchema,
  opened_shifts: z.int(),
  change_id: changeIdSchema,
});

/**
 * An absence as others see it (the planner's week for staff, the calendar feed): that the person is away, never
 * why (docs/PRODUCT-RULES.md §32.2).
 */
export const absenceSlotSchema = z.strictObject({
  id,
  employee_id: id,
  start_date: date,
  end_date: date,
  hours: z.number().nullable(),
  type: absenceTypeSchema
    .nullable()
    .meta({ description: "Only for planners and the employee themselves; null for colleagues" }),
});
