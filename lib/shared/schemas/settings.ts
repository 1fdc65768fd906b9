import { z } from "zod";
import { halfStepSchema, MAX_NAME } from "./fragments";
import { holidayRegionSchema } from "./holiday";

export const LABOUR_RULES = ["CH", "DE", "none"] as const;
export type LabourRulesCode = (typeof LABOUR_RULES)[number];

/** The weekly maximum proposed when the labour rules change (docs/PRODUCT-RULES.md §22); never applied silently. */
export const DEFAULT_WEEKLY_MAX: Record<LabourRulesCode, number> = { CH: 50, DE: 48, none: 50 };

/**
 * "Arztzeugnis ab Tag" when the company sets none (docs/PRODUCT-RULES.md §32.2): a sick leave's day from which a
 * certificate is due. DE: from the fourth calendar day (EFZG § 5); CH: the usual third day of employment contracts.
 */
export const DEFAULT_CERTIFICATE_DAY: Record<LabourRulesCode, number> = { CH: 3, DE: 4, none: 3 };
const CERTIFICATE_DAY_MESSAGE = "Arztzeugnis ab Tag muss eine ganze Zahl zwischen 1 und 30 sein";

/**
 * PUT /api/settings: the keys sent change, absent keys stay (docs/PRODUCT-RULES.md §22). A new
 * labour_rules leaves weekly_max_hours as it is; the settings screen proposes the new default.
 */
export const settingsUpdateSchema = z
  .object({
    company_name: z
      .string({ error: "Ungültiger Firmenname" })
      .trim()
      .max(MAX_NAME, { error: `Höchstens ${MAX_NAME} Zeichen` })
      .nullable()
      .transform((value) => (value ? value : null)),
    holiday_region: holidayRegionSchema,
    labour_rules: z.enum(LABOUR_RULES, { error: "Bitte wähle das Arbeitsrecht: CH, DE oder none" }),
    weekly_max_hours: halfStepSchema(1, 168, "Höchstarbeitszeit"),
    min_rest_hours: halfStepSchema(0, 24, "Mindestruhezeit"),
    certificate_from_day: z
      .number({ error: CERTIFICATE_DAY_MESSAGE })
      .int({ error: CERTIFICATE_DAY_MESSAGE })
      .min(1, { error: CERTIFICATE_DAY_MESSAGE })
      .max(30, { error: CERTIFICATE_DAY_MESSAGE })
      .nullable()
      .meta({ description: "1–30; null: the labour rules' default (3 for CH and none, 4 for DE)" }),
    publishing: z.boolean({ error: "Bitte wähle, ob der Plan veröffentlicht wird (true oder false)" }).meta({
      description:
        "true: staff see the plan as last published (POST /api/schedule/publish); switching on publishes the whole " +
        "draft as it is, so staff see nothing new. false: every change is visible at once",
    }),
  })
  .partial();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const settingsDtoSchema = z.strictObject({
  company_name: z.string().nullable().meta({ description: "Printed in PDF headers; null = none" }),
  holiday_region: z
    .string()
    .nullable()
    .meta({ description: "Holiday region code (GET /api/holiday-regions); null = no public holidays" }),
  labour_rules: z.enum(LABOUR_RULES).meta({ description: "CH = Arbeitsgesetz, DE = Arbeitszeitgesetz, none" }),
  weekly_max_hours: z.number().meta({ examples: [50] }),
  min_rest_hours: z.number().meta({ examples: [11] }),
  certificate_from_day: z
    .number()
    .int()
    .meta({
      description: "Arztzeugnis ab Tag: the day of a sick leave from which a certificate is due (set or default)",
      examples: [3],
    }),
  certificate_from_day_set: z
    .boolean()
    .meta({ description: "false: `certificate_from_day` is the labour rules' default and follows them" }),
  publishing: z
    .boolean()
    .meta({ description: "true: staff see the plan as last published (docs §33.3); false: every change at once" }),
});
