import { z } from "zod";
import { DEFAULT_LOCATION_COLOR } from "../colors";
import { colorSchema, MAX_TEXT, nameSchema } from "./fragments";
import { holidayRegionSchema } from "./holiday";
import { color, id } from "./response-fields";
import { shiftPresetDtoSchema } from "./shift-preset";

const addressSchema = z
  .string({ error: "Ungültige Adresse" })
  .trim()
  .max(MAX_TEXT, { error: `Höchstens ${MAX_TEXT} Zeichen` })
  .nullish()
  .transform((value) => (value ? value : null));

export const locationInputSchema = z.object({
  name: nameSchema("Bitte gib einen Namen ein"),
  color: colorSchema.default(DEFAULT_LOCATION_COLOR),
  address: addressSchema,
  /** null = the company's region (docs/PRODUCT-RULES.md §22). */
  holiday_region: holidayRegionSchema,
  /** "Tausch braucht Freigabe" (docs/PRODUCT-RULES.md §35.4). */
  swap_needs_approval: z.boolean({ error: "Ungültiger Wert für «Tausch braucht Freigabe»" }).default(true),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

export const locationUpdateSchema = z
  .object({
    name: nameSchema("Bitte gib einen Namen ein"),
    color: colorSchema,
    address: addressSchema,
    holiday_region: holidayRegionSchema,
    swap_needs_approval: z.boolean({ error: "Ungültiger Wert für «Tausch braucht Freigabe»" }),
  })
  .partial();
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const locationDtoSchema = z.strictObject({
  id,
  name: z.string(),
  color,
  address: z.string().nullable(),
  holiday_region: z
    .string()
    .nullable()
    .meta({ description: "Holiday region code (GET /api/holiday-regions); null = the company's" }),
  swap_needs_approval: z.boolean().meta({
    description: "An accepted swap or give-away of a shift here waits for a planner's approval (default true)",
  }),
  presets: z.array(shiftPresetDtoSchema).meta({
    description: "The location's shift presets (GET /api/locations/{id}/presets), by sort_order, then start_time",
  }),
});

/** GET /locations/{id}/deletion-impact: what the archive would delete now (docs/PRODUCT-RULES.md §29.4). */
export const locationDeletionImpactSchema = z.strictObject({
  future_shifts: z.number().int().meta({ description: "The location's shifts dated today or later" }),
  template_rows: z.number().int().meta({ description: "Week-template rows naming the location" }),
  einsatzort_employees: z
    .number()
    .int()
    .meta({ description: "Employees with the location among their Einsatzorte (location_ids): it is removed there" }),
});
