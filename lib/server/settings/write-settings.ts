import "server-only";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { lockPublishingSwitch } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { SettingsUpdate } from "@/lib/shared/schemas/settings";
import { takeAwards, tellAwards } from "@/lib/server/applications/write-awards";
import { publishWholeDraft } from "@/lib/server/publishing/write-publications";
import { getSettings, type SettingsDto } from "./find-settings";

export type UpdateSettingsOptions = { input: SettingsUpdate; audit: AuditContext };

/**
 * PUT /api/settings (docs/PRODUCT-RULES.md §22): the keys sent change, the rest stays. The row's
 * trigger bumps the schedule data version, so the planner's rules see the change at once.
 * Vacations keep the days they were charged; a new region counts for vacations written afterwards.
 */
export async function updateSettings({ input, audit }: UpdateSettingsOptions): Promise<SettingsDto> {
  return transaction(async (tx) => {
    const data = {
      ...(input.company_name !== undefined && { companyName: input.company_name }),
      ...(input.holiday_region !== undefined && { holidayRegion: input.holiday_region }),
      ...(input.labour_rules !== undefined && { labourRules: input.labour_rules }),
      ...(input.weekly_max_hours !== undefined && { weeklyMaxHours: input.weekly_max_hours }),
      ...(input.min_rest_hours !== undefined && { minRestHours: input.min_rest_hours }),
      ...(input.certificate_from_day !== undefined && { certificateFromDay: input.certificate_from_day }),
      ...(input.publishing !== undefined && { publishing: input.publishing }),
    };
    // Nothing sent, nothing changed: no write, no audit row, no new schedule data version.
    if (Object.keys(data).length === 0) return getSettings(tx);
    const { publishing } = await getSettings(tx);
    // Switching publishing on starts from what staff saw until then, the draft: published as it is, nobody told.
    if (input.publishing === true && !publishing) await publishWholeDraft(tx);
    // Switching it off shows the draft at once: who got a shift they applied for is told now (§33.4). The switch's
    // row is locked first, so an assignment noting an award waits and then tells at once (lockPublishingSwitch).
    if (input.publishing === false && publishing) {
      await lockPublishingSwitch(tx, "exclusive");
      await tellAwards(tx, await takeAwards(tx, "all"));
    }
    await tx.companySettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    const settings = await getSettings(tx);
    await recordAudit(tx, { ...audit, action: "settings.update", details: { changed: Object.keys(input), settings } });
    return settings;
  });
}
