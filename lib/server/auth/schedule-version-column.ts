import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * The schedule data's version (lib/server/shifts/schedule-version-cache.ts) as one more column of the statement that
 * identifies the caller, a login's or an access token's: the cached week views check it without a query of their
 * own (docs/PERFORMANCE.md P1).
 */
export const SCHEDULE_VERSION_COLUMN = Prisma.sql`,
  (SELECT v.version::text FROM data_versions v WHERE v.name = 'schedule') AS schedule_version`;
