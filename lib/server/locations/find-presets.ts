import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import { locationNotFound } from "./find-locations";
import { shiftPresetDtoSelect, shiftPresetOrder, toShiftPresetDto, type ShiftPresetDto } from "./shift-preset-dto";

export const shiftPresetNotFound = () => new ApiError("not_found", "Schichtart nicht gefunden");

export type ShiftPresetsOptions = { locationId: number };

/** GET /locations/{id}/presets: the presets of an active location; 404 as GET /locations/{id} for others. */
export async function findShiftPresets({ locationId }: ShiftPresetsOptions): Promise<ShiftPresetDto[]> {
  const location = await db.location.findFirst({
    where: { id: locationId, archivedAt: null },
    select: { presets: { select: shiftPresetDtoSelect, orderBy: shiftPresetOrder() } },
  });
  if (!location) throw locationNotFound();
  return location.presets.map(toShiftPresetDto);
}
