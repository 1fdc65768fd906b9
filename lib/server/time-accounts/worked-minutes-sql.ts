import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * The worked minutes of an entry row `t` (with `t.end_at` already the end to count to), in SQL: end − start − breaks,
 * rounded down to whole minutes, as its `worked_minutes` (lib/server/time/time-entry-dto.ts, `minutesOf`). One
 * formula for the time account's sums and the approval's kept figure (docs/PRODUCT-RULES.md §34.3).
 */
export const ENTRY_WORKED_MINUTES_SQL = Prisma.sql`FLOOR(GREATEST(0,
  EXTRACT(EPOCH FROM (t.end_at - t.start_at)) * 1000 - COALESCE((
    SELECT SUM(GREATEST(0, EXTRACT(EPOCH FROM (LEAST(COALESCE(b.end_at, t.end_at), t.end_at) - b.start_at)) * 1000))
    FROM time_breaks b WHERE b.entry_id = t.id), 0)) / 60000)`;
