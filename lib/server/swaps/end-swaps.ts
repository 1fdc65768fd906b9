import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { Tx } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { swapEnded, swapExpired } from "@/lib/server/notifications/swap-messages";
import { notifyEmployees } from "@/lib/server/notifications/write-notifications";
import type { SwapEndReason } from "@/lib/shared/schemas/swap";
import { selectSwaps, swapText, type SwapRow } from "./find-swaps";

/**
 * What ends running offers (docs/PRODUCT-RULES.md §35.5): a plan write that changed or deleted one of their shifts
 * (`recordPlanChange` passes the shifts it changed), an employee archived, a location archived.
 */
export type EndScope = { shiftIds: number[] } | { employeeId: number } | { locationId: number };

const LIVE = Prisma.sql`w.status IN ('open', 'accepted')`;

function endSql(scope: EndScope): Prisma.Sql {
  if ("employeeId" in scope)
    return Prisma.sql`UPDATE shift_swaps w
      SET status = 'cancelled', end_reason = 'employee_archived', updated_at = now()
      WHERE ${LIVE} AND ${scope.employeeId} IN (w.offered_by, w.target_employee_id, w.accepted_by)
      RETURNING w.id`;
  if ("locationId" in scope)
    return Prisma.sql`UPDATE shift_swaps w
      SET status = 'cancelled', end_reason = 'location_archived', updated_at = now()
      WHERE ${LIVE} AND ${scope.locationId} IN ((w.shift_text ->> 'location_id')::int,
                                                 (w.target_text ->> 'location_id')::int)
      RETURNING w.id`;
  // A deleted shift has already left its offer without it (ON DELETE SET NULL), in this very transaction.
  const gone = Prisma.sql`(w.shift_id IS NULL OR (w.kind = 'swap' AND w.target_shift_id IS NULL))`;
  return Prisma.sql`UPDATE shift_swaps w
    SET status = 'cancelled', updated_at = now(),
        end_reason = CASE WHEN ${gone} THEN 'shift_deleted' ELSE 'shift_changed' END
    WHERE ${LIVE} AND (w.shift_id = ANY(${scope.shiftIds}::int[]) OR w.target_shift_id = ANY(${scope.shiftIds}::int[])
                       OR ${gone})
    RETURNING w.id`;
}

/**
 * Ends the running offers the scope touches, in the caller's transaction (after its locks of people and shifts: the
 * offers' rows are among "the rest", lib/server/db/locks.ts), audits each as `shift.swap_cancel` under the write's
 * actor, and tells the one who offered and the one who accepted or was asked. Answers how many ended.
 */
export async function endSwaps(tx: Tx, scope: EndScope, audit: AuditContext): Promise<number> {
  if ("shiftIds" in scope && scope.shiftIds.length === 0) return 0;
  const ended = await tx.$queryRaw<{ id: number }[]>(endSql(scope));
  if (ended.length === 0) return 0;
  const rows = await selectSwaps(tx, Prisma.sql`w.id = ANY(${ended.map((row) => row.id)}::int[])`);
  for (const row of rows)
    await recordAudit(tx, {
      ...audit,
      action: "shift.swap_cancel",
      entityType: "shift",
      entityId: row.shift_id ?? undefined,
      details: {
        swap_id: row.id,
        kind: row.kind,
        shift: row.shift_text,
        offered_by: row.offered_by_name,
        reason: row.end_reason,
      },
    });
  await notifyEmployees(
    tx,
    rows.flatMap((row) =>
      told(row).map((employeeId) => ({
        employeeId,
        message: swapEnded(swapText(row), row.end_reason as SwapEndReason),
      })),
    ),
  );
  return rows.length;
}

/** Who hears of an offer's end: the one who offered, and the one who accepted it or was asked for a swap. */
function told(row: SwapRow): number[] {
  const other = row.accepted_by ?? row.target_employee_id;
  return other === null ? [row.offered_by] : [row.offered_by, other];
}

/**
 * Marks running offers whose (first) shift has begun as expired and tells those concerned (docs/PRODUCT-RULES.md
 * §35.5); run every five minutes by the job queue. Reads treat such an offer as expired already, so the five minutes
 * only delay the message. Two instances at once: the second's UPDATE waits and then finds them ended. Answers how
 * many expired.
 */
export async function expireSwaps(now = new Date()): Promise<number> {
  return transaction(async (tx) => {
    const ended = await tx.$queryRaw<{ id: number }[]>`
      UPDATE shift_swaps SET status = 'expired', updated_at = now()
      WHERE status IN ('open', 'accepted') AND starts_at <= ${now}
      RETURNING id`;
    if (ended.length === 0) return 0;
    const rows = await selectSwaps(tx, Prisma.sql`w.id = ANY(${ended.map((row) => row.id)}::int[])`);
    await notifyEmployees(
      tx,
      rows.flatMap((row) =>
        [row.offered_by, ...(row.accepted_by === null ? [] : [row.accepted_by])].map((employeeId) => ({
          employeeId,
          message: swapExpired(swapText(row)),
        })),
      ),
    );
    return rows.length;
  });
}
