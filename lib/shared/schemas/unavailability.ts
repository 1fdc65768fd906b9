import { z } from "zod";
import { daysBetween } from "@/lib/shared/dates";
import { dateSchema, idSchema, optionalTextSchema, refIdSchema, timeSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id, time } from "./response-fields";
import { dateRangeQuerySchema, MAX_RANGE_DAYS, SAME_START_END } from "./shift";
import { EMPLOYEE_REQUIRED, END_BEFORE_START } from "./vacation";

export const TIMES_BOTH_OR_NEITHER = "Bitte gib Beginn und Ende an, oder keines für ganze Tage";
export const END_DATE_REQUIRED = "Bitte gib ein gültiges Enddatum ein";
const WEEKDAY_MESSAGE = "Bitte wähle einen Wochentag (1 = Montag … 7 = Sonntag)";

/** ISO weekday of a weekly entry: 1 = Monday … 7 = Sunday (docs/PRODUCT-RULES.md §35.8). */
export const weekdaySchema = z
  .number({ error: WEEKDAY_MESSAGE })
  .int({ error: WEEKDAY_MESSAGE })
  .min(1, { error: WEEKDAY_MESSAGE })
  .max(7, { error: WEEKDAY_MESSAGE })
  .meta({ description: "ISO weekday, 1 = Monday … 7 = Sunday" });

/**
 * POST /unavailability and PUT /unavailability/{id} (docs/PRODUCT-RULES.md §26.4). No times = whole days; both
 * times = that window on each day of the range, an end at or before the start running past midnight (as shifts and
 * the `unavailable` rule do). The migration `unavailability` holds the same rules as checks.
 *
 * A `weekday` makes the entry weekly (§35.8): only the days of that weekday from the start date on; its end date may
 * then be left out (open end) and the range may exceed a year (migration `recurring_availability`).
 */
export const unavailabilityInputSchema = z
  .object({
    employee_id: refIdSchema(EMPLOYEE_REQUIRED),
    start_date: dateSchema("Bitte gib ein gültiges Startdatum ein"),
    end_date: dateSchema(END_DATE_REQUIRED).nullish(),
    weekday: weekdaySchema.nullish(),
    start_time: timeSchema("Bitte gib eine gültige Startzeit ein (HH:MM)").nullish(),
    end_time: timeSchema("Bitte gib eine gültige Endzeit ein (HH:MM)").nullish(),
    note: optionalTextSchema,
  })
  .superRefine((entry, ctx) => {
    if (!fieldsParsed(ctx, "start_date", "end_date", "start_time", "end_time", "weekday")) return;
    const weekly = entry.weekday != null;
    if (entry.end_date == null) {
      if (!weekly) ctx.addIssue({ code: "custom", path: ["end_date"], message: END_DATE_REQUIRED });
    } else {
      const span = daysBetween(entry.start_date, entry.end_date);
      if (span < 0) ctx.addIssue({ code: "custom", path: ["end_date"], message: END_BEFORE_START });
      else if (span > MAX_RANGE_DAYS && !weekly)
        ctx.addIssue({ code: "custom", path: ["end_date"], message: "Höchstens ein Jahr auf einmal" });
    }
    const hasStart = entry.start_time != null;
    const hasEnd = entry.end_time != null;
    if (hasStart !== hasEnd)
      ctx.addIssue({ code: "custom", path: [hasStart ? "end_time" : "start_time"], message: TIMES_BOTH_OR_NEITHER });
    else if (hasStart && entry.start_time === entry.end_time)
      ctx.addIssue({ code: "custom", path: ["end_time"], message: SAME_START_END });
  })
  .transform((entry) => ({
    ...entry,
    end_date: entry.end_date ?? null,
    weekday: entry.weekday ?? null,
    start_time: entry.start_time ?? null,
    end_time: entry.end_time ?? null,
  }));
export type UnavailabilityInput = z.infer<typeof unavailabilityInputSchema>;

/** GET /unavailability: entries touching the range; staff may leave out employee_id (then: their own). */
export const unavailabilityQuerySchema = dateRangeQuerySchema.and(z.object({ employee_id: idSchema.optional() }));
export type UnavailabilityQuery = z.infer<typeof unavailabilityQuerySchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const unavailabilityDtoSchema = z.strictObject({
  id,
  employee_id: id,
  start_date: date,
  end_date: date.nullable().meta({ description: "null: a weekly entry without an end" }),
  weekday: z
    .number()
    .int()
    .min(1)
    .max(7)
    .nullable()
    .meta({ description: "1 = Monday … 7 = Sunday: only that weekday's days of the range; null: every day" }),
  start_time: time.nullable().meta({ description: "null with end_time: whole days" }),
  end_time: time.nullable().meta({ description: "Time HH:MM; at or before start_time: the window ends the next day" }),
  note: z.string().nullable(),
});
