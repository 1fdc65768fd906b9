import "server-only";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { lockLocationShifts } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { endSwaps } from "@/lib/server/swaps/end-swaps";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import type { LocationInput, LocationUpdate } from "@/lib/shared/schemas/location";
import { einsatzortRowsAt, futureShiftsAt, templateRowsAt } from "./archive-scope";
import { locationDtoSelect, locationNotFound, toLocationDto, type LocationDto } from "./find-locations";

export async function createLocation({ input, audit }: CreateOptions<LocationInput>): Promise<LocationDto> {
  return transaction(async (tx) => {
    const location = await tx.location.create({
      data: {
        name: input.name,
        color: input.color,
        address: input.address,
        holidayRegion: input.holiday_region,
        swapNeedsApproval: input.swap_needs_approval,
      },
      select: locationDtoSelect,
    });
    await recordAudit(tx, { ...audit, action: "location.create", entityType: "location", entityId: location.id });
    return toLocationDto(location);
  });
}

export async function updateLocation({ id, input, audit }: UpdateOptions<LocationUpdate>): Promise<LocationDto> {
  return transaction(async (tx) => {
    const { count } = await tx.location.updateMany({
      where: { id, archivedAt: null },
      data: {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.color !== undefined && { color: input.color }),
        ...(input.address !== undefined && { address: input.address }),
        ...(input.holiday_region !== undefined && { holidayRegion: input.holiday_region }),
        ...(input.swap_needs_approval !== undefined && { swapNeedsApproval: input.swap_needs_approval }),
      },
    });
    if (count !== 1) throw locationNotFound();
    await recordAudit(tx, {
      ...audit,
      action: "location.update",
      entityType: "location",
      entityId: id,
      details: { changed: Object.keys(input) },
    });
    return toLocationDto(await tx.location.findUniqueOrThrow({ where: { id }, select: locationDtoSelect }));
  });
}

/**
 * DELETE /locations/{id} archives (docs/PRODUCT-RULES.md §8): past shifts stay for the
 * reports; shifts from today on and the location's template rows are deleted. It leaves everyone's Einsatzorte
 * (docs/PRODUCT-RULES.md §28.1): one who worked only there then works at every location, as the list says.
 */
export async function archiveLocation({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    const today = businessToday();
    // Its shifts first, then its row: the order shifts → locations (docs/ARCHITECTURE.md §6.5) of a write that locks
    // shifts and then holds their locations (an auto-fill apply); the two queue instead of deadlocking.
    await lockLocationShifts(tx, { locationId: id, fromDate: today });
    const { count } = await tx.location.updateMany({
      where: { id, archivedAt: null },
      data: { archivedAt: new Date() },
    });
    if (count !== 1) throw locationNotFound();
    // Before its shifts go: offers of them end as "location archived" (docs/PRODUCT-RULES.md §35.5).
    await endSwaps(tx, { locationId: id }, audit);
    const shifts = await tx.shift.deleteMany({ where: futureShiftsAt({ locationId: id, today }) });
    const templateRows = await tx.weekTemplateShift.deleteMany({ where: templateRowsAt({ locationId: id }) });
    const employees = await tx.employeeLocation.deleteMany({ where: einsatzortRowsAt({ locationId: id }) });
    await recordAudit(tx, {
      ...audit,
      action: "location.archive",
      entityType: "location",
      entityId: id,
      details: {
        shifts_deleted: shifts.count,
        template_shifts_deleted: templateRows.count,
        employees_unlinked: employees.count,
      },
    });
  });
}
