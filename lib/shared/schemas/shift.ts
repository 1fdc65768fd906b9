import { z } from "zod";
import { daysBetween, mondayOf } from "@/lib/shared/dates";
import { shiftMinutes } from "@/lib/shared/hours";
import { dateSchema, MAX_NAME, refIdSchema, timeSchema, weekDateSchema } from "./fragments";
import { changeIdSchema } from "./change";
import { fieldsParsed } from "./parsed-fields";
import { color, date, id, time } from "./response-fields";

export const SAME_START_END = "Beginn und Ende dürfen nicht gleich sein";
export const CUSTOM_NAME_REQUIRED = "Bitte gib einen Namen für die Sonderschicht ein";

export const BREAK_NOT_SHORTER = "Die Pause muss kürzer als die Schicht sein";

/** Minutes of break (docs/PRODUCT-RULES.md §23): 0 or more in steps of 5; below the shift's length, checked with it. */
export const breakMinutesSchema = z
  .number({ error: "Bitte gib die Pause in Minuten ein" })
  .int({ error: "Bitte gib die Pause in ganzen Minuten ein" })
  .min(0, { error: "Die Pause darf nicht negativ sein" })
  .max(1435, { error: BREAK_NOT_SHORTER })
  .refine((value) => value % 5 === 0, { error: "Die Pause muss ein Vielfaches von 5 Minuten sein" })
  .default(0);

type TimedRow = { start_time: string; end_time: string; break_minutes: number };

/** The checks a shift and a template row share: a length, and a break shorter than it. */
export function checkShiftTimes(row: TimedRow, ctx: z.RefinementCtx): void {
  if (!fieldsParsed(ctx, "start_time", "end_time", "break_minutes")) return;
  const minutes = shiftMinutes(row.start_time, row.end_time);
  if (minutes === null) ctx.addIssue({ code: "custom", path: ["end_time"], message: SAME_START_END });
  else if (row.break_minutes >= minutes)
    ctx.addIssue({ code: "custom", path: ["break_minutes"], message: BREAK_NOT_SHORTER });
}

const shiftFields = z.object({
  employee_id: refIdSchema("Ungültiger Mitarbeiter").nullable().default(null),
  location_id: refIdSchema("Bitte wähle einen Standort aus"),
  shift_date: dateSchema("Bitte gib ein gültiges Datum ein"),
  start_time: timeSchema("Bitte gib eine gültige Startzeit ein (HH:MM)"),
  end_time: timeSchema("Bitte gib eine gültige Endzeit ein (HH:MM)"),
  break_minutes: breakMinutesSchema,
  is_custom: z.boolean({ error: "is_custom muss ja oder nein sein" }).default(false),
  custom_name: z
    .string({ error: "Ungültiger Name" })
    .trim()
    .max(MAX_NAME, { error: `Höchstens ${MAX_NAME} Zeichen` })
    .nullish(),
});

function checkShift(shift: z.infer<typeof shiftFields>, ctx: z.RefinementCtx): void {
  checkShiftTimes(shift, ctx);
  if (shift.is_custom && !shift.custom_name) {
    ctx.addIssue({ code: "custom", path: ["custom_name"], message: CUSTOM_NAME_REQUIRED });
  }
}

// The custom name is used only when the custom checkbox is set (docs/PRODUCT-RULES.md §15).
const keepCustomName = <S extends z.infer<typeof shiftFields>>(shift: S) => ({
  ...shift,
  custom_name: shift.is_custom ? shift.custom_name! : null,
});

/** POST /shifts and PUT /shifts/{id} (the whole shift). */
export const shiftInputSchema = shiftFields.superRefine(checkShift).transform(keepCustomName);
export type ShiftInput = z.infer<typeof shiftInputSchema>;

/** POST /shifts/check: a shift as for POST/PUT, with `id` when an existing shift is being edited. */
export const shiftCheckSchema = shiftFields
  .extend({ id: refIdSchema("Ungültige Schicht").optional() })
  .superRefine(checkShift)
  .transform(keepCustomName);
export type ShiftCheckInput = z.infer<typeof shiftCheckSchema>;

export const MAX_RANGE_DAYS = 366;

/** A query's `start_date`–`end_date`: in order and at most MAX_RANGE_DAYS long (every list route's bound). */
export function refineDateRange(range: { start_date: string; end_date: string }, ctx: z.RefinementCtx): void {
  if (!fieldsParsed(ctx, "start_date", "end_date")) return;
  const span = daysBetween(range.start_date, range.end_date);
  if (span < 0)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date darf nicht vor start_date liegen" });
  else if (span > MAX_RANGE_DAYS)
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `Der Zeitraum darf höchstens ${MAX_RANGE_DAYS} Tage umfassen`,
    });
}

/** A date range of at most 366 days, both ends required (GET /shifts). */
export const dateRangeQuerySchema = z
  .object({
    start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an"),
    end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an"),
  })
  .superRefine(refineDateRange);
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const shiftDtoSchema = z.strictObject({
  id,
  employee_id: id.nullable().meta({ description: "null: unassigned" }),
  location_id: id,
  shift_date: date,
  start_time: time,
  end_time: time.meta({ description: "Time HH:MM; before start_time: the shift ends the next day" }),
  break_minutes: z.int().meta({ description: "Minutes of break; hours = length − break" }),
  is_custom: z.boolean(),
  custom_name: z.string().nullable(),
  hours: z.number().meta({ description: "Length less the break, in hours" }),
  employee_name: z.string().nullable(),
  location_name: z.string(),
  location_color: color,
});

export const SAME_WEEK = "Die Zielwoche muss eine andere Woche sein";

/**
 * POST /shifts/copy-week (docs/PRODUCT-RULES.md §27.3): any day names its Monday–Sunday week, as for applying a
 * template; `with_employees` left out means true (the dialog's default).
 */
export const copyWeekSchema = z
  .object({
    from_start_date: dateSchema("Bitte gib from_start_date als JJJJ-MM-TT an"),
    to_start_date: weekDateSchema("Bitte gib to_start_date als JJJJ-MM-TT an"),
    with_employees: z.boolean({ error: "with_employees muss ja oder nein sein" }).default(true),
  })
  .superRefine((input, ctx) => {
    if (!fieldsParsed(ctx, "from_start_date", "to_start_date")) return;
    if (mondayOf(input.from_start_date) === mondayOf(input.to_start_date))
      ctx.addIssue({ code: "custom", path: ["to_start_date"], message: SAME_WEEK });
  });
export type CopyWeekInput = z.infer<typeof copyWeekSchema>;

export const OPENED_REASONS = ["overlap", "vacation", "absent", "archived"] as const;
export type OpenedReason = (typeof OPENED_REASONS)[number];

/** A copy that lost its employee: which shift, whose it was, and why. */
export const openedCopySchema = z.strictObject({
  shift_id: id,
  employee_id: id,
  employee_name: z.string(),
  reason: z.enum(OPENED_REASONS).meta({
    description:
      "overlap: the employee works at that time in the target week already (or another copy does); " +
      "vacation: approved vacation that day; absent: an absence besides vacation that day (sick, training …; never " +
      "its type); archived: the employee is archived",
  }),
});

export const copiedWeekSchema = z.strictObject({
  created: z.number().int().meta({ description: "Shifts created in the target week" }),
  opened: z.array(openedCopySchema).meta({ description: "Copies made open instead of keeping their employee" }),
  skipped: z.number().int().meta({ description: "Shifts of the source week at archived locations, not copied" }),
  shifts: z.array(shiftDtoSchema),
  change_id: changeIdSchema,
});

export const BULK_ACTIONS = ["move", "copy", "delete"] as const;
export const MAX_BULK_SHIFTS = 200;
export const MAX_BULK_DAYS = 31;

/**
 * POST /shifts/bulk (docs/PRODUCT-RULES.md §31.7): several shifts moved, copied or deleted in one change. `days`
 * shifts every date by that many days, `location_id` puts every shift at that location; `to_dates` (copy only)
 * copies shifts of one day to each of those days. A move or copy must change something.
 */
export const bulkShiftsSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: "Bitte wähle verschieben, kopieren oder löschen" }),
    shift_ids: z
      .array(refIdSchema("Ungültige Schicht"), { error: "Bitte wähle Schichten aus" })
      .min(1, { error: "Bitte wähle Schichten aus" })
      .max(MAX_BULK_SHIFTS, { error: `Höchstens ${MAX_BULK_SHIFTS} Schichten auf einmal` })
      .refine((ids) => new Set(ids).size === ids.length, { error: "Jede Schicht nur einmal" }),
    days: z
      .number({ error: "Bitte gib die Verschiebung in Tagen an" })
      .int({ error: "Bitte gib die Verschiebung in ganzen Tagen an" })
      .min(-366, { error: "Höchstens 366 Tage" })
      .max(366, { error: "Höchstens 366 Tage" })
      .optional(),
    location_id: refIdSchema("Bitte wähle einen Standort aus").optional(),
    to_dates: z
      .array(dateSchema("Bitte gib die Tage als JJJJ-MM-TT an"), { error: "Bitte wähle Tage aus" })
      .min(1, { error: "Bitte wähle mindestens einen Tag aus" })
      .max(MAX_BULK_DAYS, { error: `Höchstens ${MAX_BULK_DAYS} Tage auf einmal` })
      .refine((dates) => new Set(dates).size === dates.length, { error: "Jeden Tag nur einmal" })
      .optional(),
    with_employees: z.boolean({ error: "with_employees muss ja oder nein sein" }).default(true),
  })
  .superRefine((input, ctx) => {
    if (!fieldsParsed(ctx, "action", "days", "location_id", "to_dates")) return;
    const target = input.days !== undefined || input.location_id !== undefined;
    if (input.action === "delete") {
      for (const field of ["days", "location_id", "to_dates"] as const)
        if (input[field] !== undefined)
          ctx.addIssue({ code: "custom", path: [field], message: "Beim Löschen gibt es kein Ziel" });
      return;
    }
    if (input.to_dates !== undefined) {
      if (input.action !== "copy")
        ctx.addIssue({ code: "custom", path: ["to_dates"], message: "Auf mehrere Tage kann nur kopiert werden" });
      if (input.days !== undefined)
        ctx.addIssue({ code: "custom", path: ["days"], message: "Entweder Tage oder eine Verschiebung angeben" });
      return;
    }
    if (!target)
      ctx.addIssue({ code: "custom", path: ["days"], message: "Bitte gib einen Tag oder einen Standort als Ziel an" });
  });
export type BulkShiftsInput = z.infer<typeof bulkShiftsSchema>;

export const bulkShiftsResultSchema = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  count: z.number().int().meta({ description: "Shifts moved, created (copies) or deleted" }),
  opened: z.array(openedCopySchema).meta({ description: "Copies made open instead of keeping their employee" }),
  shifts: z.array(shiftDtoSchema).meta({ description: "The moved shifts or the copies; empty for delete" }),
  change_id: changeIdSchema,
});
