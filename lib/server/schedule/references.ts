import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { db } from "@/lib/server/db/client";

type Reader = Pick<typeof db, "employee" | "location">;

function invalidReference(field: string, message: string) {
  return new ApiError("validation_failed", message, { fields: { [field]: message } });
}

/** A referenced employee must exist and not be archived (400 on the field). */
export async function assertActiveEmployee(reader: Reader, id: number, field = "employee_id"): Promise<void> {
  const found = await reader.employee.findFirst({ where: { id, archivedAt: null }, select: { id: true } });
  if (!found) throw invalidReference(field, "Mitarbeiter nicht gefunden");
}

/** A referenced location must exist and not be archived (400 on the field). */
export async function assertActiveLocations(reader: Reader, ids: number[], field = "location_id"): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await reader.location.count({ where: { id: { in: unique }, archivedAt: null } });
  if (found !== unique.length) throw invalidReference(field, "Standort nicht gefunden");
}
