import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { SettingsDto } from "@/lib/shared/api-types";
import { DEFAULT_CERTIFICATE_DAY, LABOUR_RULES, type LabourRulesCode } from "@/lib/shared/schemas/settings";

export type { SettingsDto };

type Reader = Pick<Db, "companySettings">;

/** What a missing row means: the migration's defaults (the row is created with the table). */
const DEFAULTS: SettingsDto = {
  company_name: null,
  holiday_region: null,
  labour_rules: "CH",
  weekly_max_hours: 50,
  min_rest_hours: 11,
  certificate_from_day: DEFAULT_CERTIFICATE_DAY.CH,
  certificate_from_day_set: false,
  publishing: true,
};

/**
 * The company's settings (docs/PRODUCT-RULES.md §22), read fresh each time: one row by its key,
 * and a change must count from the next request on. Pass a transaction client to read inside it.
 */
export async function getSettings(db: Reader): Promise<SettingsDto> {
  const row = await db.companySettings.findUnique({ where: { id: 1 } });
  if (!row) return DEFAULTS;
  const labourRules = (LABOUR_RULES as readonly string[]).includes(row.labourRules)
    ? (row.labourRules as LabourRulesCode)
    : DEFAULTS.labour_rules;
  return {
    company_name: row.companyName,
    holiday_region: row.holidayRegion,
    labour_rules: labourRules,
    weekly_max_hours: row.weeklyMaxHours.toNumber(),
    min_rest_hours: row.minRestHours.toNumber(),
    // Unset follows the labour rules (docs/PRODUCT-RULES.md §32.2).
    certificate_from_day: row.certificateFromDay ?? DEFAULT_CERTIFICATE_DAY[labourRules],
    certificate_from_day_set: row.certificateFromDay !== null,
    publishing: row.publishing,
  };
}

/** The company's holiday region (null = none): vacation days and target hours count its holidays. */
export async function getCompanyHolidayRegion(db: Reader): Promise<string | null> {
  const row = await db.companySettings.findUnique({ where: { id: 1 }, select: { holidayRegion: true } });
  return row?.holidayRegion ?? null;
}
