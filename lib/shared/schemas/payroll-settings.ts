/**
 * The payroll settings (docs/PRODUCT-RULES.md §34.2): what each surcharge category is paid, the wage type of each
 * category of hours the payroll export hands over, the CSV's column names and DATEV's numbers. Apart from the export's
 * query (`payroll.ts`, which re-exports all of this) and from the surcharges' windows, so the settings screen loads
 * neither the timesheet's schemas nor the time-zone code (docs/PERFORMANCE.md, P5 JavaScript per route).
 */
import { z } from "zod";
import {
  ALL_SURCHARGE_CATEGORIES,
  SURCHARGE_CATEGORIES,
  type SurchargeCategory,
} from "@/lib/shared/pay/surcharge-categories";
import { LABOUR_RULES, type LabourRulesCode } from "./settings";

/** The categories of hours the payroll export hands over: worked hours, the surcharges, hours paid out. */
export const PAY_CATEGORIES = ["worked", ...ALL_SURCHARGE_CATEGORIES, "payout"] as const;
export type PayCategory = (typeof PAY_CATEGORIES)[number];

/** German names of the surcharge categories per labour rules (the windows differ: docs §34.1). */
export const SURCHARGE_LABELS: { [R in LabourRulesCode]: Record<(typeof SURCHARGE_CATEGORIES)[R][number], string> } = {
  DE: {
    night: "Nachtarbeit 20–6 Uhr",
    night_core: "Nachtarbeit 0–4 Uhr, vor 0 Uhr begonnen",
    sunday: "Sonntagsarbeit",
    holiday: "Feiertagsarbeit und 31.12. ab 14 Uhr",
    holiday_special: "24.12. ab 14 Uhr, 25./26.12. und 1.5.",
  },
  CH: {
    night: "Nachtarbeit 23–6 Uhr",
    sunday: "Sonntagsarbeit (Sa 23 – So 23 Uhr)",
    holiday: "Feiertagsarbeit (ab 23 Uhr am Vortag)",
  },
  none: {},
};

/**
 * The percentages proposed until an admin sets others: DE the tax-free rates of § 3b EStG, CH the Arbeitsgesetz's
 * 25 % for night work (Art. 17b) and 50 % for Sunday work (Art. 19), holidays like Sundays (Art. 20a).
 */
export const DEFAULT_SURCHARGE_PERCENTS: {
  [R in LabourRulesCode]: Record<(typeof SURCHARGE_CATEGORIES)[R][number], number>;
} = {
  DE: { night: 25, night_core: 40, sunday: 50, holiday: 125, holiday_special: 150 },
  CH: { night: 25, sunday: 50, holiday: 50 },
  none: {},
};

/** German names of every pay category, for the export, its errors and the settings screen (DE's surcharge names). */
export function payCategoryLabel(category: PayCategory, labourRules: LabourRulesCode): string {
  if (category === "worked") return "Arbeitsstunden";
  if (category === "payout") return "Auszahlung Zeitkonto";
  const labels: Partial<Record<SurchargeCategory, string>> = SURCHARGE_LABELS[labourRules];
  return labels[category] ?? SURCHARGE_LABELS.DE[category];
}

/** The CSV export's columns, in this order; their headings can be renamed for the payroll program that reads it. */
export const CSV_COLUMNS = ["personnel_number", "employee", "month", "category", "wage_type", "hours"] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const DEFAULT_CSV_HEADINGS: Record<CsvColumn, string> = {
  personnel_number: "Personalnummer",
  employee: "Name",
  month: "Monat",
  category: "Lohnart",
  wage_type: "Lohnartnummer",
  hours: "Stunden",
};

const WAGE_TYPE_MESSAGE = "Die Lohnart muss eine Zahl von 1 bis 9999 sein";
/** A wage type ("Lohnart") number: 1–9999, the range DATEV LODAS takes; null = none set. */
export const wageTypeSchema = z
  .string({ error: WAGE_TYPE_MESSAGE })
  .trim()
  .regex(/^[1-9]\d{0,3}$/, { error: WAGE_TYPE_MESSAGE })
  .nullable()
  .meta({ description: "Wage type number 1–9999 (DATEV Lohnart); null = none", examples: ["1001"] });

const PERCENT_MESSAGE = "Der Zuschlag muss eine ganze Zahl von 0 bis 500 Prozent sein";
const percentSchema = z
  .number({ error: PERCENT_MESSAGE })
  .int({ error: PERCENT_MESSAGE })
  .min(0, { error: PERCENT_MESSAGE })
  .max(500, { error: PERCENT_MESSAGE });

const headingSchema = z
  .string({ error: "Der Spaltenname muss ein Text sein" })
  .trim()
  .min(1, { error: "Bitte gib einen Spaltennamen ein" })
  .max(40, { error: "Höchstens 40 Zeichen" })
  .refine((text) => !/[\r\n]/.test(text), { error: "Der Spaltenname darf keinen Zeilenumbruch enthalten" });

/** DATEV's numbers count from 1: a leading 0 (or 0 itself) is no number DATEV gives. */
const digits = (min: number, max: number, label: string) => {
  const message = `${label}: ${min === max ? min : `${min} bis ${max}`} Ziffern, nicht mit 0 beginnend`;
  return z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^[1-9]\\d{${min - 1},${max - 1}}$`), { error: message })
    .nullable();
};

/** DATEV's Beraternummer (consultant) and Mandantennummer (client) as the LODAS file's [Allgemein] names them. */
export const datevConsultantSchema = digits(4, 7, "Beraternummer");
export const datevClientSchema = digits(1, 5, "Mandantennummer");

/** PUT /api/settings/payroll: what is sent changes, the rest stays. */
export const payrollSettingsUpdateSchema = z
  .object({
    surcharge_percents: z
      .partialRecord(z.enum(ALL_SURCHARGE_CATEGORIES), percentSchema, {
        error: `Zuschläge: erlaubt sind ${ALL_SURCHARGE_CATEGORIES.join(", ")}, je mit Prozent`,
      })
      .meta({ description: "Percent per surcharge category of the current labour rules (others are refused)" }),
    wage_types: z.partialRecord(z.enum(PAY_CATEGORIES), wageTypeSchema, {
      error: `Lohnarten: erlaubt sind ${PAY_CATEGORIES.join(", ")}, je mit einer Nummer`,
    }),
    csv_headings: z.partialRecord(z.enum(CSV_COLUMNS), headingSchema, {
      error: `Spaltennamen: erlaubt sind ${CSV_COLUMNS.join(", ")}, je mit einem Namen`,
    }),
    datev_consultant_number: datevConsultantSchema,
    datev_client_number: datevClientSchema,
  })
  .partial();
export type PayrollSettingsUpdate = z.infer<typeof payrollSettingsUpdateSchema>;

const surchargeCategory = z.enum(ALL_SURCHARGE_CATEGORIES);

export const payrollSettingsDtoSchema = z.strictObject({
  labour_rules: z.enum(LABOUR_RULES),
  surcharges: z
    .array(
      z.strictObject({
        category: surchargeCategory,
        label: z.string().meta({ examples: ["Nachtarbeit 20–6 Uhr"] }),
        percent: z.number().int(),
      }),
    )
    .meta({ description: "The surcharge categories of the current labour rules (none for `none`), in order" }),
  wage_types: z.strictObject(
    Object.fromEntries(PAY_CATEGORIES.map((category) => [category, z.string().nullable()])) as Record<
      PayCategory,
      z.ZodNullable<z.ZodString>
    >,
  ),
  csv_headings: z.strictObject(
    Object.fromEntries(CSV_COLUMNS.map((column) => [column, z.string()])) as Record<CsvColumn, z.ZodString>,
  ),
  datev_consultant_number: z.string().nullable(),
  datev_client_number: z.string().nullable(),
});
