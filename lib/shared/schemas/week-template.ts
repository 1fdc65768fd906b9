import { z } from "zod";
import { shiftHours } from "@/lib/shared/hours";
import { dateSchema, nameSchema, optionalTextSchema, refIdSchema, timeSchema } from "./fragments";
import { breakMinutesSchema, SAME_START_END } from "./shift";

export const TEMPLATE_NAME_REQUIRED = "Bitte gib einen Namen ein";
export const TEMPLATE_SHIFTS_REQUIRED = "Bitte füge mindestens eine Schicht hinzu";

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
  .superRefine((shift, ctx) => {
    if (shiftHours(shift.start_time, shift.end_time) === null)
      ctx.addIssue({ code: "custom", path: ["end_time"], message: SAME_START_END });
  })
  .transform(({ break_minutes: _ignored, ...shift }) => shift);

export const weekTemplateInputSchema = z.object({
  name: nameSchema(TEMPLATE_NAME_REQUIRED),
  description: optionalTextSchema,
  shifts: z
    .array(templateShiftSchema, { error: TEMPLATE_SHIFTS_REQUIRED })
    .min(1, { error: TEMPLATE_SHIFTS_REQUIRED })
    .max(500, { error: "Höchstens 500 Schichten pro Vorlage" }),
});
export type WeekTemplateInput = z.infer<typeof weekTemplateInputSchema>;

export const applyTemplateSchema = z.object({ start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an") });
