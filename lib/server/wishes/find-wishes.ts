import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import type { WishDto } from "@/lib/shared/api-types";

export type WishFilter = {
  /** Days off dated in this range (both ends included); the standing wishes always. */
  startDate: string;
  endDate: string;
  /** Only this employee's wishes; everyone's when left out. */
  employeeId?: number;
};

type ByIdFilter = { id: number };

async function selectWishes(filter: WishFilter | ByIdFilter): Promise<WishDto[]> {
  const conditions: Prisma.Sql[] = [];
  if ("id" in filter) conditions.push(Prisma.sql`w.id = ${filter.id}`);
  else {
    conditions.push(
      Prisma.sql`(w.date IS NULL OR w.date BETWEEN ${filter.startDate}::date AND ${filter.endDate}::date)`,
    );
    if (filter.employeeId !== undefined) conditions.push(Prisma.sql`w.employee_id = ${filter.employeeId}`);
  }
  return db.$queryRaw<WishDto[]>`
    SELECT w.id, w.employee_id, w.kind, to_char(w.date, 'YYYY-MM-DD') AS date, w.note
    FROM availability_wishes w
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY w.date NULLS FIRST, w.employee_id, w.id`;
}

/**
 * Wishes (docs/PRODUCT-RULES.md §35.8): the standing ones and the days off dated in a range, standing ones first,
 * then by date; one employee's or everyone's. Callers decide who may read whose
 * (lib/server/self-service/acting-for.ts).
 */
export async function findWishes(filter: WishFilter): Promise<WishDto[]> {
  return selectWishes(filter);
}

/** One wish, or 404. */
export async function getWish({ id }: { id: number }): Promise<WishDto> {
  const [wish] = await selectWishes({ id });
  if (!wish) throw wishNotFound();
  return wish;
}

export const wishNotFound = () => new ApiError("not_found", "Wunsch nicht gefunden");
