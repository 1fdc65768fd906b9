import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import type { AbsenceType } from "@/lib/shared/schemas/absence";
import { refuseAssignedDays } from "@/lib/server/vacations/vacation-state";
import { checkAbsenceOverlap } from "./check-absence";

/**
 * An absence as undo sees it (docs/PRODUCT-RULES.md §32.2, §27.7): every column a write can change and
 * `updated_ms`, so that an absence edited since (even back to the same values) counts as changed.
 */
export type AbsenceState = {
  employee_id: number;
  type: AbsenceType;
  start_date: string;
  end_date: string;
  hours: number | null;
  note: string | null;
  certificate_received: boolean;
  self_reported: boolean;
  created_by: number | null;
  updated_ms: number;
};

/** The absence's state now, in the caller's transaction; null when there is none with that id. */
export async function readAbsenceState(tx: Tx, id: number): Promise<AbsenceState | null> {
  const [row] = await tx.$queryRaw<{ state: AbsenceState }[]>`
    SELECT jsonb_build_object(
        'employee_id', a.employee_id,
        'type', a.type::text,
        'start_date', to_char(a.start_date, 'YYYY-MM-DD'),
        'end_date', to_char(a.end_date, 'YYYY-MM-DD'),
        'hours', a.hours::float8,
        'note', a.note,
        'certificate_received', a.certificate_received,
        'self_reported', a.self_reported,
        'created_by', a.created_by,
        'updated_ms', (extract(epoch FROM a.updated_at) * 1000)::bigint
      ) AS state
    FROM absences a WHERE a.id = ${id}`;
  return row?.state ?? null;
}

export function sameAbsenceState(current: AbsenceState | null, expected: AbsenceState | null): boolean {
  if (current === null || expected === null) return current === expected;
  return (Object.keys(expected) as (keyof AbsenceState)[]).every(
    (key) => JSON.stringify(current[key]) === JSON.stringify(expected[key]),
  );
}

/** True when the absence keeps its employee off the plan on its days: whole days, of any type (§32.2). */
export const blocksShifts = (state: { hours: number | null } | null): boolean => state !== null && state.hours === null;

/**
 * Whether putting `before` back only takes days away from `after` (or removes it): then it goes back before the
 * shifts it opened are assigned again; an absence that grows back goes after them (undo, write-changes.ts).
 */
export function shrinksTo(before: AbsenceState | null, after: AbsenceState | null): boolean {
  if (!blocksShifts(before)) return true;
  if (!before || !after || !blocksShifts(after)) return false;
  return after.start_date <= before.start_date && before.end_date <= after.end_date;
}

/**
 * Puts an absence back as `state` (null: it goes), the employee's row locked by the caller. One that comes back
 * passes the checks of a new one: no overlap (its own 409), and, for whole days, none of the employee's shifts on
 * them assigned (409 `change_conflict`: the plan was changed since).
 */
export async function putBackAbsence(tx: Tx, id: number, state: AbsenceState | null): Promise<void> {
  if (state === null) {
    await tx.absence.deleteMany({ where: { id } });
    return;
  }
  await checkAbsenceOverlap(tx, {
    employeeId: state.employee_id,
    startDate: state.start_date,
    endDate: state.end_date,
    excludeAbsenceId: id,
  });
  if (blocksShifts(state)) await refuseAssignedDays(tx, state);
  const data = {
    employeeId: state.employee_id,
    type: state.type,
    startDate: toDateColumn(state.start_date),
    endDate: toDateColumn(state.end_date),
    hours: state.hours,
    note: state.note,
    certificateReceived: state.certificate_received,
    selfReported: state.self_reported,
    createdBy: state.created_by,
  };
  await tx.absence.upsert({ where: { id }, create: { id, ...data }, update: data });
}
