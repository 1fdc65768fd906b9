import { z } from "zod";
import { changeIdSchema } from "./change";
import { dateSchema, nameSchema, optionalTextSchema, refIdSchema, timeSchema, weekDateSchema } from "./fragments";
import { color, id, time } from "./response-fields";
import { breakMinutesSchema, checkShiftTimes, shiftDtoSchema } from "./shift";

export const TEMPLATE_NAME_REQUIRED = "Bitte gib einen Namen ein";
export const TEMPLATE_SHIFTS_REQUIRED = "Bitte füge mindestens eine Schicht hinzu";
export const MAX_TEMPLATE_SHIFTS = 500;

export const templateShiftSchema = z
  .object({
    day_of_week: z
      .number({ error: "Wochentag muss zwischen 0 (Sonntag) und 6 (Samstag) liegen" })
      .int({ error: "Wochentag muss zwischen 0 (Sonntag) und 6 (Samstag) liegen" })
      .min(0, { error: "Wochentag muss zwischen 0 (Sonntag) und 6 (Samstag) liegen" })
      .max(6, { error: "Wochentag muss zwischen 0 (Sonntag) und 6 (Samstag) liegen" }),
    location_id: refIdSchema("Bitte wähle einen Standort aus"),
    start_time: timeSchema("Bitte gib eine gültige Startzeit ein (HH:MM)"),
    end_time: timeSchema("Bitte gib eine gültige Endzeit ein (HH:MM)"),
    break_minutes: breakMinutesSchema,
    notes: optionalTextSchema,
  })
  .superRefine(checkShiftTimes);

export const weekTemplateInputSchema = z.object({
  name: nameSchema(TEMPLATE_NAME_REQUIRED),
  description: optionalTextSchema,
  shifts: z
    .array(templateShiftSchema, { error: TEMPLATE_SHIFTS_REQUIRED })
    .min(1, { error: TEMPLATE_SHIFTS_REQUIRED })
    .max(MAX_TEMPLATE_SHIFTS, { error: `Höchstens ${MAX_TEMPLATE_SHIFTS} Schichten pro Vorlage` }),
});
export type WeekTemplateInput = z.infer<typeof weekTemplateInputSchema>;

export const applyTemplateSchema = z.object({ start_date: weekDateSchema("Bitte gib start_date als JJJJ-MM-TT an") });

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const weekTemplateShiftDtoSchema = z.strictObject({
  id,
  day_of_week: z.number().int().min(0).max(6).meta({ description: "0 Sunday … 6 Saturday" }),
  location_id: id,
  location_name: z.string(),
  location_color: color,
  start_time: time,
  end_time: time,
  break_minutes: z.int(),
  notes: z.string().nullable(),
});

export const weekTemplateDtoSchema = z.strictObject({
  id,
  name: z.string(),
  description: z.string().nullable(),
  shift_count: z.number().int(),
  day_count: z.number().int(),
  shifts: z.array(weekTemplateShiftDtoSchema),
});

export const appliedTemplateSchema = z.strictObject({
  created: z.number().int(),
  shifts: z.array(shiftDtoSchema),
  change_id: changeIdSchema,
});

/** POST /week-templates/from-week: the shifts of the Monday–Sunday week of `start_date` become the rows. */
export const weekTemplateFromWeekSchema = z.object({
  name: nameSchema(TEMPLATE_NAME_REQUIRED),
  description: optionalTextSchema,
  start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an"),
});
export type WeekTemplateFromWeekInput = z.infer<typeof weekTemplateFromWeekSchema>;
