import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { compareNames } from "@/lib/shared/collation";
import type { LocationInput, LocationUpdate } from "@/lib/shared/schemas/location";
import type { LocationDto } from "@/lib/shared/api-types";

export type { LocationDto };

const select = { id: true, name: true, color: true, address: true } as const;
const notFound = () => new ApiError("not_found", "Standort nicht gefunden");

export async function listLocations(): Promise<LocationDto[]> {
  const locations = await db.location.findMany({ where: { archivedAt: null }, select, orderBy: { id: "asc" } });
  return locations.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

export async function getLocation(id: number): Promise<LocationDto> {
  const location = await db.location.findFirst({ where: { id, archivedAt: null }, select });
  if (!location) throw notFound();
  return location;
}

export async function createLocation({
  input,
  actor,
  ip,
}: {
  input: LocationInput;
  actor: AuthUser;
  ip: string;
}): Promise<LocationDto> {
  return db.$transaction(async (tx) => {
    const location = await tx.location.create({
      data: { name: input.name, color: input.color, address: input.address },
      select,
    });
    await recordAudit({ actor, action: "location.create", entityType: "location", entityId: location.id, ip }, tx);
    return location;
  });
}

export async function updateLocation({
  id,
  input,
  actor,
  ip,
}: {
  id: number;
  input: LocationUpdate;
  actor: AuthUser;
  ip: string;
}): Promise<LocationDto> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.location.updateMany({
      where: { id, archivedAt: null },
      data: {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.color !== undefined && { color: input.color }),
        ...(input.address !== undefined && { address: input.address }),
      },
    });
    if (count !== 1) throw notFound();
    await recordAudit(
      {
        actor,
        action: "location.update",
        entityType: "location",
        entityId: id,
        details: { changed: Object.keys(input) },
        ip,
      },
      tx,
    );
    return tx.location.findUniqueOrThrow({ where: { id }, select });
  });
}

/**
 * DELETE /locations/{id} archives (PRODUCT.md §4): past shifts stay for the
 * reports; shifts from today on and the location's template rows are deleted.
 */
export async function archiveLocation({ id, actor, ip }: { id: number; actor: AuthUser; ip: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.location.updateMany({
      where: { id, archivedAt: null },
      data: { archivedAt: new Date() },
    });
    if (count !== 1) throw notFound();
    const shifts = await tx.shift.deleteMany({
      where: { locationId: id, shiftDate: { gte: toDateColumn(businessToday()) } },
    });
    const templateRows = await tx.weekTemplateShift.deleteMany({ where: { locationId: id } });
    await recordAudit(
      {
        actor,
        action: "location.archive",
        entityType: "location",
        entityId: id,
        details: { shifts_deleted: shifts.count, template_shifts_deleted: templateRows.count },
        ip,
      },
      tx,
    );
  });
}
