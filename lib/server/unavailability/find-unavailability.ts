import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import type { UnavailabilityDto } from "@/lib/shared/api-types";

export type { UnavailabilityDto };

export type UnavailabilityFilter = {
  /** Entries touching this range (both ends included). */
  startDate: string;
  endDate: string;
  /** Only this employee's entries; everyone's when left out. */
  employeeId?: number;
};

type ByIdFilter = { id: number };

async function selectUnavailability(filter: UnavailabilityFilter | ByIdFilter): Promise<UnavailabilityDto[]> {
  const conditions: Prisma.Sql[] = [];
  if ("id" in filter) conditions.push(Prisma.sql`u.id = ${filter.id}`);
  else {
    // A weekly entry (docs/PRODUCT-RULES.md §35.8) touches the range when one of its days falls in it; an open end
    // is bounded by the range, so the series is at most the range's days (≤ 400).
    conditions.push(Prisma.sql`coalesce(u.end_date, 'infinity') >= ${filter.startDate}::date
      AND u.start_date <= ${filter.endDate}::date
      AND (u.weekday IS NULL OR EXISTS (
        SELECT 1 FROM generate_series(
          greatest(u.start_date, ${filter.startDate}::date),
          least(coalesce(u.end_date, ${filter.endDate}::date), ${filter.endDate}::date), interval '1 day') AS day
        WHERE extract(isodow FROM day) = u.weekday))`);
    if (filter.employeeId !== undefined) conditions.push(Prisma.sql`u.employee_id = ${filter.employeeId}`);
  }
  return db.$queryRaw<UnavailabilityDto[]>`
    SELECT u.id, u.employee_id,
           to_char(u.start_date, 'YYYY-MM-DD') AS start_date,
           to_char(u.end_date, 'YYYY-MM-DD') AS end_date,
           u.weekday::int AS weekday,
           to_char(u.start_time, 'HH24:MI') AS start_time,
           to_char(u.end_time, 'HH24:MI') AS end_time,
           u.note
    FROM unavailabilities u
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY u.start_date, u.start_time NULLS FIRST, u.employee_id, u.id`;
}

/**
 * Unavailability touching a date range (docs/PRODUCT-RULES.md §26.4), by start date, whole days before windows:
 * one employee's (an employee's own, for "Meine Schichten") or everyone's (the planner's week). Callers decide who
 * may read whose (lib/server/self-service/acting-for.ts).
 */
export async function findUnavailability(filter: UnavailabilityFilter): Promise<UnavailabilityDto[]> {
  return selectUnavailability(filter);
}

/** One entry, or 404. */
export async function getUnavailability({ id }: IdOptions): Promise<UnavailabilityDto> {
  const [entry] = await selectUnavailability({ id });
  if (!entry) throw unavailabilityNotFound();
  return entry;
}

export const unavailabilityNotFound = () => new ApiError("not_found", "Eintrag nicht gefunden");
