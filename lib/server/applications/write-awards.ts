import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { lockPublishingSwitch } from "@/lib/server/db/locks";
import { applicationAssigned } from "@/lib/server/notifications/messages";
import { notifyEmployees } from "@/lib/server/notifications/write-notifications";

/** An application taken away because its shift was assigned: whose, for which shift. */
export type ClearedApplicationOf = { shift_id: number; employee_id: number };

/**
 * "Schicht erhalten" (docs/PRODUCT-RULES.md §33.4): of the applications an assignment cleared, the ones of the person
 * who got the shift. While publishing is off the plan is seen at once, so they are told now; while it is on they are
 * told with the shift's next publication (`takeAwards`), not before they can see it. In the assignment's
 * transaction, after the shifts were written.
 */
export async function recordAwards(tx: Tx, cleared: ClearedApplicationOf[]): Promise<void> {
  if (cleared.length === 0) return;
  const awarded = await tx.$queryRaw<{ shift_id: number }[]>`
    INSERT INTO shift_awards (shift_id, employee_id)
    SELECT s.id, s.employee_id
    FROM unnest(${cleared.map((c) => c.shift_id)}::int[], ${cleared.map((c) => c.employee_id)}::int[])
      AS c(shift_id, employee_id)
    JOIN shifts s ON s.id = c.shift_id AND s.employee_id = c.employee_id
    ON CONFLICT (shift_id) DO UPDATE SET employee_id = excluded.employee_id, awarded_at = CURRENT_TIMESTAMP
    RETURNING shift_id`;
  if (awarded.length === 0) return;
  const publishing = await lockPublishingSwitch(tx, "share");
  const awardedIds = awarded.map((row) => row.shift_id);
  if (!publishing) await tellAwards(tx, await takeAwards(tx, awardedIds));
}

/** Pending awards of these shifts (or all), removed: shift id → the employee it was given to. */
export async function takeAwards(tx: Tx, shiftIds: number[] | "all"): Promise<Map<number, number>> {
  const rows = await tx.$queryRaw<{ shift_id: number; employee_id: number }[]>`
    DELETE FROM shift_awards WHERE ${shiftIds === "all"} OR shift_id = ANY(${shiftIds === "all" ? [] : shiftIds}::int[])
    RETURNING shift_id, employee_id`;
  return new Map(rows.map((row) => [row.shift_id, row.employee_id]));
}

/**
 * Tells each person of the awards whose shift is still theirs in the draft (an assignment undone or given on tells
 * nobody). Answers the users written to.
 */
export async function tellAwards(tx: Tx, awards: Map<number, number>): Promise<number[]> {
  if (awards.size === 0) return [];
  const shifts = await tx.$queryRaw<
    {
      employee_id: number;
      shift_date: string;
      start_time: string;
      end_time: string;
      is_custom: boolean;
      custom_name: string | null;
      location_name: string;
    }[]
  >`
    SELECT s.employee_id, s.shift_date::text AS shift_date, left(s.start_time::text, 5) AS start_time,
           left(s.end_time::text, 5) AS end_time, s.is_custom, s.custom_name, l.name AS location_name
    FROM unnest(${[...awards.keys()]}::int[], ${[...awards.values()]}::int[]) AS a(shift_id, employee_id)
    JOIN shifts s ON s.id = a.shift_id AND s.employee_id = a.employee_id
    JOIN locations l ON l.id = s.location_id
    ORDER BY s.shift_date, s.start_time, s.id`;
  return notifyEmployees(
    tx,
    shifts.map((shift) => ({ employeeId: shift.employee_id, message: applicationAssigned(shift) })),
  );
}
