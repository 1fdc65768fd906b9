/**
 * The surcharge categories (docs/PRODUCT-RULES.md §34.1) by themselves: what the settings screen and the payroll
 * settings' schema name, without the windows' time-zone code of `surcharges.ts`, which re-exports them.
 */
import type { LabourRulesCode } from "../schemas/settings";

/**
 * The categories per labour rules. DE follows § 3b EStG: night 20–6 h; night 0–4 h when the work began before
 * midnight (instead of the plain night); Sunday; public holidays and 31.12. from 14 h; 24.12. from 14 h, 25./26.12.
 * and 1.5. Night and a day's category add up (an hour on Sunday at 02:00 is both); of the day's categories only
 * the highest counts. CH follows the Arbeitsgesetz: night work 23–6 h (Art. 16), Sunday work from Saturday 23 h to
 * Sunday 23 h (Art. 18), and public holidays, which the law treats like Sundays (Art. 20a), from the eve's 23 h.
 */
export const SURCHARGE_CATEGORIES = {
  DE: ["night", "night_core", "sunday", "holiday", "holiday_special"],
  CH: ["night", "sunday", "holiday"],
  none: [],
} as const satisfies Record<LabourRulesCode, readonly string[]>;

export type SurchargeCategory = (typeof SURCHARGE_CATEGORIES)[LabourRulesCode][number];
export const ALL_SURCHARGE_CATEGORIES = ["night", "night_core", "sunday", "holiday", "holiday_special"] as const;
