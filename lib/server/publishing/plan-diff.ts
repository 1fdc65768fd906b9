import "server-only";
import type { DraftShiftRow } from "@/lib/server/db/locks";

/** A shift as the draft has it or as it was published, with the names its messages need. */
export type PlanShift = DraftShiftRow & { employee_name: string | null; location_name: string };

/**
 * One change of a person's (or the open shifts') plan, as a publication tells it (docs/PRODUCT-RULES.md §33.3):
 * `added` and `removed` from their point of view (a shift given to someone else is removed for one and added for
 * the other), `moved` to another day or location, `times_changed` for times, break or a special shift's name.
 */
export type ShiftChange =
  | { change: "added" | "removed"; shift: PlanShift }
  | { change: "moved" | "times_changed"; shift: PlanShift; before: PlanShift };

export type PlanDiff = {
  /** Per employee, their changes by date and start. */
  byEmployee: Map<number, ShiftChange[]>;
  /** Changes of unassigned shifts. */
  open: ShiftChange[];
  /** Shift ids whose published copy is written again (changed or new). */
  write: number[];
  /** Shift ids whose published copy goes (changed, or gone from the draft). */
  drop: number[];
};

const sameTimes = (a: PlanShift, b: PlanShift) =>
  a.start_time === b.start_time &&
  a.end_time === b.end_time &&
  a.break_minutes === b.break_minutes &&
  a.is_custom === b.is_custom &&
  (a.custom_name ?? null) === (b.custom_name ?? null);

const order = (a: ShiftChange, b: ShiftChange) =>
  a.shift.shift_date.localeCompare(b.shift.shift_date) ||
  a.shift.start_time.localeCompare(b.shift.start_time) ||
  a.shift.id - b.shift.id;

/**
 * What publishing the draft changes for whom: every shift id of either side, compared field by field. Pure, so the
 * classification is tested without a database (plan-diff.test.ts).
 */
export function diffPlan(draft: PlanShift[], published: PlanShift[]): PlanDiff {
  const before = new Map(published.map((shift) => [shift.id, shift]));
  const after = new Map(draft.map((shift) => [shift.id, shift]));
  const byEmployee = new Map<number, ShiftChange[]>();
  const open: ShiftChange[] = [];
  const write: number[] = [];
  const drop: number[] = [];
  const tell = (employeeId: number | null, change: ShiftChange) => {
    if (employeeId === null) open.push(change);
    else byEmployee.set(employeeId, [...(byEmployee.get(employeeId) ?? []), change]);
  };

  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(id);
    const now = after.get(id);
    if (old && now) {
      const moved = old.shift_date !== now.shift_date || old.location_id !== now.location_id;
      if (old.employee_id === now.employee_id && !moved && sameTimes(old, now)) continue;
      if (old.employee_id !== now.employee_id) {
        tell(old.employee_id, { change: "removed", shift: old });
        tell(now.employee_id, { change: "added", shift: now });
      } else tell(now.employee_id, { change: moved ? "moved" : "times_changed", shift: now, before: old });
      drop.push(id);
      write.push(id);
    } else if (now) {
      tell(now.employee_id, { change: "added", shift: now });
      write.push(id);
    } else if (old) {
      tell(old.employee_id, { change: "removed", shift: old });
      drop.push(id);
    }
  }
  for (const changes of byEmployee.values()) changes.sort(order);
  open.sort(order);
  return { byEmployee, open, write, drop };
}
