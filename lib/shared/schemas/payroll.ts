/**
 * The payroll export's query (docs/PRODUCT-RULES.md §34.4), and the payroll settings of `payroll-settings.ts` (§34.2)
 * under this module's name too, where the server and the contracts take them from.
 */
import { z } from "zod";
import { monthSchema } from "./timesheet";

export {
  CSV_COLUMNS,
  datevClientSchema,
  datevConsultantSchema,
  DEFAULT_CSV_HEADINGS,
  DEFAULT_SURCHARGE_PERCENTS,
  PAY_CATEGORIES,
  payCategoryLabel,
  payrollSettingsDtoSchema,
  payrollSettingsUpdateSchema,
  SURCHARGE_LABELS,
  wageTypeSchema,
  type CsvColumn,
  type PayCategory,
  type PayrollSettingsUpdate,
} from "./payroll-settings";

export const PAYROLL_FORMATS = ["datev-lodas", "csv"] as const;
export type PayrollFormat = (typeof PAYROLL_FORMATS)[number];

/** GET /api/exports/payroll: a month and a format. */
export const payrollExportQuerySchema = z.object({
  month: monthSchema,
  format: z
    .enum(PAYROLL_FORMATS, { error: "Unbekanntes Format: erlaubt sind datev-lodas und csv" })
    .meta({ description: "datev-lodas: the DATEV LODAS ASCII import; csv: semicolons, UTF-8 with BOM" }),
});
