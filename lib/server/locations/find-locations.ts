import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday } from "@/lib/server/clock";
import { db, type Db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import type { LocationDeletionImpact, LocationDto } from "@/lib/shared/api-types";
import { compareNames } from "@/lib/shared/collation";
import { einsatzortRowsAt, futureShiftsAt, templateRowsAt } from "./archive-scope";
import { shiftPresetDtoSelect, shiftPresetOrder, toShiftPresetDto } from "./shift-preset-dto";

export type { LocationDto };

/**
 * The columns a LocationDto needs; use as Prisma `select`, then toLocationDto. The presets come along (one more
 * query of Prisma's), so the planner has them without a call of its own (docs/PRODUCT-RULES.md §27.1).
 */
export const locationDtoSelect = {
  id: true,
  name: true,
  color: true,
  address: true,
  holidayRegion: true,
  swapNeedsApproval: true,
  presets: { select: shiftPresetDtoSelect, orderBy: shiftPresetOrder() },
} as const;

type LocationRow = {
  id: number;
  name: string;
  color: string;
  address: string | null;
  holidayRegion: string | null;
  swapNeedsApproval: boolean;
  presets: Parameters<typeof toShiftPresetDto>[0][];
};

export function toLocationDto({ holidayRegion, swapNeedsApproval, presets, ...row }: LocationRow): LocationDto {
  return {
    ...row,
    holiday_region: holidayRegion,
    swap_needs_approval: swapNeedsApproval,
    presets: presets.map(toShiftPresetDto),
  };
}

/** Active locations, sorted by name. */
export async function findLocations(): Promise<LocationDto[]> {
  const locations = await db.location.findMany({
    where: { archivedAt: null },
    select: locationDtoSelect,
    orderBy: { id: "asc" },
  });
  return locations.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id).map(toLocationDto);
}

export async function getLocation({ id }: IdOptions): Promise<LocationDto> {
  const location = await db.location.findFirst({ where: { id, archivedAt: null }, select: locationDtoSelect });
  if (!location) throw locationNotFound();
  return toLocationDto(location);
}

/**
 * What archiving the location would delete now (docs/PRODUCT-RULES.md §29.4): its shifts from today on and its
 * template rows, counted with the archive's own definitions (§8).
 */
export async function getLocationDeletionImpact({ id }: IdOptions): Promise<LocationDeletionImpact> {
  const [active, futureShifts, templateRows, einsatzortEmployees] = await db.$transaction([
    db.location.count({ where: { id, archivedAt: null } }),
    db.shift.count({ where: futureShiftsAt({ locationId: id, today: businessToday() }) }),
    db.weekTemplateShift.count({ where: templateRowsAt({ locationId: id }) }),
    db.employeeLocation.count({ where: einsatzortRowsAt({ locationId: id }) }),
  ]);
  if (active !== 1) throw locationNotFound();
  return { future_shifts: futureShifts, template_rows: templateRows, einsatzort_employees: einsatzortEmployees };
}

export const locationNotFound = () => new ApiError("not_found", "Standort nicht gefunden");

export type ActiveLocationsOptions = { ids: number[]; field?: string };

/** Referenced locations (of a shift or template row) must exist and not be archived: 400 on the field. */
export async function assertActiveLocations(
  db: Pick<Db, "location">,
  { ids, field = "location_id" }: ActiveLocationsOptions,
): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await db.location.count({ where: { id: { in: unique }, archivedAt: null } });
  const message = "Standort nicht gefunden";
  if (found !== unique.length) throw new ApiError("validation_failed", message, { fields: { [field]: message } });
}
