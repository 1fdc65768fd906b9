import { z } from "zod";
import { idSchema, refIdSchema, timeSchema } from "./fragments";
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

/** docs/PRODUCT-RULES.md §31.5: a copy reaches at most this many locations at once. */
export const MAX_COPY_TARGETS = 100;
export const COPY_TARGETS_REQUIRED = "Bitte wähle mindestens einen Standort";
export const COPY_TO_ITSELF = "Ein Standort kann seine Schichtarten nicht auf sich selbst kopieren";
export const COPY_TARGET_GONE = "Einen der gewählten Standorte gibt es nicht mehr oder er ist archiviert";
export const NOTHING_TO_COPY = "Dieser Standort hat noch keine Schichtarten zum Kopieren";
const COPY_TARGET_INVALID = "Ungültiger Standort";
const copyTargetId = refIdSchema(COPY_TARGET_INVALID);

/**
 * POST /locations/{id}/presets/copy (docs/PRODUCT-RULES.md §31.5): the locations to copy to; duplicates collapse.
 * Checked as a whole, so a bad entry is reported on `to_location_ids` itself.
 */
export const copyShiftPresetsInputSchema = z.object({
  to_location_ids: z
    .array(z.unknown().meta({ type: "integer", minimum: 1 }), { error: COPY_TARGETS_REQUIRED })
    .min(1, { error: COPY_TARGETS_REQUIRED })
    .max(MAX_COPY_TARGETS, { error: `Höchstens ${MAX_COPY_TARGETS} Standorte auf einmal` })
    .refine((ids) => ids.every((value) => copyTargetId.safeParse(value).success), { error: COPY_TARGET_INVALID })
    .transform((ids) => [...new Set(ids as number[])].sort((a, b) => a - b))
    .meta({ description: "Ids of active locations other than the source", examples: [[2, 3]] }),
});
export type CopyShiftPresetsInput = z.infer<typeof copyShiftPresetsInputSchema>;

/** Why a preset was not copied to a location. */
export const COPY_SKIP_REASONS = ["same", "name_taken", "same_times", "full"] as const;

export const copyShiftPresetsResultSchema = z.strictObject({
  created: z
    .array(shiftPresetDtoSchema)
    .meta({ description: "The new presets, by target location, then source order" }),
  skipped: z
    .array(
      z.strictObject({
        location_id: id,
        name: z.string().meta({ description: "The source preset's name" }),
        reason: z.enum(COPY_SKIP_REASONS).meta({
          description:
            "`same`: the target has it with the same times and break; `name_taken`: the target has a preset of this " +
            "name with other times (left as it is); `same_times`: the target has one of another name with the " +
            "same times and break; `full`: the target has the most presets a location may have",
        }),
      }),
    )
    .meta({ description: "What was not copied, and why" }),
});
export type CopyShiftPresetsResult = z.infer<typeof copyShiftPresetsResultSchema>;
