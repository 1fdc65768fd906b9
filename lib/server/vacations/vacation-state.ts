import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import type { VacationStatus } from "@/lib/shared/schemas/vacation";
import { checkRange, lockEmployee } from "./check-range";
import { replaceVacationDays } from "./vacation-days";

/**
 * A vacation as undo sees it (docs/PRODUCT-RULES.md §31.6, §27.7): every column a write can change, its charged
 * days and `updated_ms`, so that a vacation edited since (even back to the same values) counts as changed.
 */
export type VacationState = {
  employee_id: number;
  start_date: string;
  end_date: string;
  days_count: number;
  status: VacationStatus;
  notes: string | null;
  rejection_reason: string | null;
  days: string[];
  updated_ms: number;
};

/** The vacation's state now, in the caller's transaction; null when there is none with that id. */
export async function readVacationState(tx: Tx, id: number): Promise<VacationState | null> {
  const [row] = await tx.$queryRaw<{ state: VacationState }[]>`
    SELECT jsonb_build_object(
        'employee_id', v.employee_id,
        'start_date', to_char(v.start_date, 'YYYY-MM-DD'),
        'end_date', to_char(v.end_date, 'YYYY-MM-DD'),
        'days_count', v.days_count,
        'status', v.status::text,
        'notes', v.notes,
        'rejection_reason', v.rejection_reason,
        'days', COALESCE(
          (SELECT jsonb_agg(to_char(d.day, 'YYYY-MM-DD') ORDER BY d.day)
           FROM vacation_days d WHERE d.vacation_id = v.id),
          '[]'::jsonb),
        'updated_ms', (extract(epoch FROM v.updated_at) * 1000)::bigint
      ) AS state
    FROM vacations v WHERE v.id = ${id}`;
  return row?.state ?? null;
}

export function sameVacationState(current: VacationState | null, expected: VacationState | null): boolean {
  if (current === null || expected === null) return current === expected;
  return (Object.keys(expected) as (keyof VacationState)[]).every(
    (key) => JSON.stringify(current[key]) === JSON.stringify(expected[key]),
  );
}

/** True when the state keeps its employee off the plan on its days: an approved vacation (§25). */
export const blocksShifts = (state: VacationState | null): boolean => state?.status === "approved";

/**
 * Puts a vacation back as `state` (null: it goes, its days with it), the employee's row locked by the caller. A
 * vacation that comes back holds its days again, so it passes the checks of a new one: no overlap with another
 * vacation, enough days left (their own 409/400), and, when approved, none of the employee's shifts in its range
 * assigned (409 `change_conflict`: the plan was changed since).
 */
/**
 * Putting back time off that keeps someone off the plan (a vacation, a whole-day absence) finds none of its days
 * assigned meanwhile, else 409 `change_conflict` naming those shifts: undo never double-books.
 */
export async function refuseAssignedDays(
  tx: Tx,
  range: { employee_id: number; start_date: string; end_date: string },
): Promise<void> {
  const assigned = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM shifts
    WHERE employee_id = ${range.employee_id}
      AND shift_date BETWEEN ${range.start_date}::date AND ${range.end_date}::date
    ORDER BY id`;
  if (assigned.length > 0)
    throw new ApiError("change_conflict", undefined, { shift_ids: assigned.map((row) => row.id) });
}

export async function putBackVacation(tx: Tx, id: number, state: VacationState | null): Promise<void> {
  if (state === null) {
    await tx.vacation.deleteMany({ where: { id } });
    return;
  }
  const total = await lockEmployee(tx, state.employee_id);
  const range = { employeeId: state.employee_id, startDate: state.start_date, endDate: state.end_date };
  if (state.status !== "rejected") await checkRange(tx, total, { ...range, days: state.days, excludeVacationId: id });
  if (blocksShifts(state)) await refuseAssignedDays(tx, state);
  const data = {
    employeeId: state.employee_id,
    startDate: toDateColumn(state.start_date),
    endDate: toDateColumn(state.end_date),
    daysCount: state.days_count,
    status: state.status,
    notes: state.notes,
    rejectionReason: state.rejection_reason,
  };
  await tx.vacation.upsert({ where: { id }, create: { id, ...data }, update: data });
  await replaceVacationDays(tx, id, state.days);
}
