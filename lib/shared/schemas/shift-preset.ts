import { z } from "zod";
import { idSchema, timeSchema } from "./fragments";
import { id, time } from "./response-fields";
import { breakMinutesSchema, checkShiftTimes } from "./shift";

/** docs/PRODUCT-RULES.md §27.1: at most this many presets per location. */
export const MAX_PRESETS_PER_LOCATION = 12;
export const MAX_PRESET_NAME = 50;
export const MAX_SORT_ORDER = 999;

export const PRESET_NAME_REQUIRED = "Bitte gib einen Namen für die Schichtart ein";
export const PRESET_NAME_TAKEN = "Diese Schichtart gibt es an diesem Standort bereits";
export const TOO_MANY_PRESETS = `Höchstens ${MAX_PRESETS_PER_LOCATION} Schichtarten pro Standort`;

/**
 * POST /locations/{id}/presets and PUT /locations/{id}/presets/{presetId} (the whole preset): the times and the
 * break follow a shift's rules (over midnight when the end is before the start; a break shorter than the shift).
 */
export const shiftPresetInputSchema = z
  .object({
    name: z
      .string({ error: PRESET_NAME_REQUIRED })
      .trim()
      .min(1, { error: PRESET_NAME_REQUIRED })
      .max(MAX_PRESET_NAME, { error: `Höchstens ${MAX_PRESET_NAME} Zeichen` }),
    start_time: timeSchema("Bitte gib eine gültige Startzeit ein (HH:MM)"),
    end_time: timeSchema("Bitte gib eine gültige Endzeit ein (HH:MM)"),
    break_minutes: breakMinutesSchema,
    sort_order: z
      .number({ error: "Die Reihenfolge muss eine Zahl sein" })
      .int({ error: "Die Reihenfolge muss eine ganze Zahl sein" })
      .min(0, { error: `Die Reihenfolge muss zwischen 0 und ${MAX_SORT_ORDER} liegen` })
      .max(MAX_SORT_ORDER, { error: `Die Reihenfolge muss zwischen 0 und ${MAX_SORT_ORDER} liegen` })
      .optional()
      .meta({ description: "Position among the location's presets; omitted on create: after the last" }),
  })
  .superRefine(checkShiftTimes);
export type ShiftPresetInput = z.infer<typeof shiftPresetInputSchema>;

/** Path parameters of /api/locations/{id}/presets/{presetId}. */
export const presetParamsSchema = z.object({ id: idSchema, presetId: idSchema });

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const shiftPresetDtoSchema = z.strictObject({
  id,
  location_id: id,
  name: z.string(),
  start_time: time,
  end_time: time.meta({ description: "Time HH:MM; before start_time: the shift ends the next day" }),
  break_minutes: z.int().meta({ description: "Minutes of break" }),
  sort_order: z.int().meta({ description: "The presets are answered by sort_order, then start_time" }),
});
