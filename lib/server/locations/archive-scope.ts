import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { toDateColumn } from "@/lib/server/db/columns";

/**
 * What a location's archive deletes (docs/PRODUCT-RULES.md §8), defined once: the archive deletes these rows and the
 * delete confirmation counts them first (§29.4).
 */
export type LocationScope = { locationId: number; today: string };

/** Its shifts dated today or later. */
export const futureShiftsAt = ({ locationId, today }: LocationScope): Prisma.ShiftWhereInput => ({
  locationId,
  shiftDate: { gte: toDateColumn(today) },
});

/** Its place among employees' Einsatzorte (§28.1): removed; someone left with none then works everywhere. */
export const einsatzortRowsAt = ({
  locationId,
}: Pick<LocationScope, "locationId">): Prisma.EmployeeLocationWhereInput => ({
  locationId,
});

/** Every week-template row naming it. */
export const templateRowsAt = ({
  locationId,
}: Pick<LocationScope, "locationId">): Prisma.WeekTemplateShiftWhereInput => ({
  locationId,
});
