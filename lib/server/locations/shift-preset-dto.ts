import "server-only";
import { fromTimeColumn } from "@/lib/server/db/columns";
import type { ShiftPresetDto } from "@/lib/shared/api-types";

export type { ShiftPresetDto };

/** The columns a ShiftPresetDto needs; use as Prisma `select`, then toShiftPresetDto. */
export const shiftPresetDtoSelect = {
  id: true,
  locationId: true,
  name: true,
  startTime: true,
  endTime: true,
  breakMinutes: true,
  sortOrder: true,
} as const;

/** The order of a location's presets (docs/PRODUCT-RULES.md §27.1): as the admin placed them, then by time. */
export const shiftPresetOrder = () => [
  { sortOrder: "asc" as const },
  { startTime: "asc" as const },
  { id: "asc" as const },
];

type ShiftPresetRow = {
  id: number;
  locationId: number;
  name: string;
  startTime: Date;
  endTime: Date;
  breakMinutes: number;
  sortOrder: number;
};

export function toShiftPresetDto(row: ShiftPresetRow): ShiftPresetDto {
  return {
    id: row.id,
    location_id: row.locationId,
    name: row.name,
    start_time: fromTimeColumn(row.startTime),
    end_time: fromTimeColumn(row.endTime),
    break_minutes: row.breakMinutes,
    sort_order: row.sortOrder,
  };
}
