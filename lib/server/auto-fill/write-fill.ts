import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { clearShiftsApplications } from "@/lib/server/applications/write-applications";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { lockShiftRecords, recordPlanChange } from "@/lib/server/changes/write-changes";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployees, shareLocations } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { CreateOptions } from "@/lib/server/domain-options";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { worksAtLocation } from "@/lib/shared/employee-locations";
import { findingsInRange, windowFor, type Finding, type RuleEmployee } from "@/lib/shared/rules";
import type { AppliedAutoFill, ApplyAutoFillInput } from "@/lib/shared/schemas/auto-fill";
import { NEVER_PROPOSED } from "./problem";

type LockedEmployee = RuleEmployee & { location_ids: number[] };

async function readEmployees(tx: Tx, ids: number[]): Promise<Map<number, LockedEmployee>> {
  const rows = await tx.$queryRaw<LockedEmployee[]>`
    SELECT e.id, e.first_name || ' ' || e.last_name AS name, e.weekly_hours::float8 AS weekly_hours, e.is_hourly,
      e.archived_at IS NOT NULL AS archived,
      coalesce((SELECT array_agg(el.location_id ORDER BY el.location_id) FROM employee_locations el
        WHERE el.employee_id = e.id), '{}') AS location_ids
    FROM employees e WHERE e.id = ANY(${ids}::int[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

const key = (finding: Finding) => `${finding.code}|${finding.shift_id}|${finding.related_shift_id ?? ""}`;

/**
 * Writes a proposal of POST /api/schedule/auto-fill (docs/PRODUCT-RULES.md §28.3): all assignments or none. Takes
 * the plan writes' locks (employees in id order, then the shifts), then checks that each shift is still open and
 * unchanged since the proposal (`shift_updated_at`), each employee still active and working at its location, and
 * that the assignments together break none of the rules a proposal respects — so two managers applying overlapping
 * proposals queue, and the second gets 409 naming the shifts. One change_id undoes the whole apply.
 */
export async function applyFill({ input, audit }: CreateOptions<ApplyAutoFillInput>): Promise<AppliedAutoFill> {
  const items = [...input.assignments].sort((a, b) => a.shift_id - b.shift_id);
  const shiftIds = items.map((item) => item.shift_id);
  const employeeIds = [...new Set(items.map((item) => item.employee_id))];

  const changeId = await transaction(async (tx) => {
    await lockEmployees(tx, employeeIds);
    const before = await lockShiftRecords(tx, shiftIds);
    const employees = await readEmployees(tx, employeeIds);
    // Held FOR SHARE: archiving one of them waits for this apply (as copy-week does).
    const locations = await shareLocations(
      tx,
      [...before.values()].map((r) => r.state.location_id),
      {
        activeOnly: true,
      },
    );

    const changed = new Set<number>();
    for (const item of items) {
      const record = before.get(item.shift_id);
      const employee = employees.get(item.employee_id);
      if (
        !record ||
        record.state.employee_id !== null ||
        record.state.updated_ms !== Date.parse(item.shift_updated_at) ||
        !locations.has(record.state.location_id) ||
        !employee ||
        employee.archived ||
        !worksAtLocation(employee.location_ids, record.state.location_id)
      )
        changed.add(item.shift_id);
    }
    if (changed.size === 0) for (const id of await newBreaches(tx, items, before, employees)) changed.add(id);
    if (changed.size > 0)
      throw new ApiError("auto_fill_conflict", undefined, { shift_ids: [...changed].sort((a, b) => a - b) });

    await tx.$executeRaw`
      UPDATE shifts SET employee_id = item.employee_id, updated_at = now()
      FROM unnest(${shiftIds}::int[], ${items.map((item) => item.employee_id)}::int[]) AS item(shift_id, employee_id)
      WHERE shifts.id = item.shift_id`;
    // Assigned shifts are no longer open: their applications go (docs/PRODUCT-RULES.md §26.5).
    // Undo puts them back (docs/PRODUCT-RULES.md §27.7).
    const cleared = await clearShiftsApplications(tx, shiftIds);
    const { changeId } = await recordPlanChange(tx, {
      kind: "shift.auto_fill",
      audit,
      before,
      shiftIds,
      clearedApplications: cleared,
    });
    const clearedCount = [...cleared.values()].reduce((sum, list) => sum + list.length, 0);
    const dates = [...before.values()].map((record) => record.state.shift_date).sort();
    await recordAudit(tx, {
      ...audit,
      action: "shift.auto_fill",
      entityType: "shift",
      details: {
        change_id: changeId,
        assigned: items.length,
        start_date: dates[0],
        end_date: dates[dates.length - 1],
        ...(clearedCount > 0 && { applications_cleared: clearedCount }),
      },
    });
    return changeId;
  }, LOCKING_TRANSACTION);

  const shifts = await findShifts(db, { ids: shiftIds });
  return { assigned: shifts.length, shifts, change_id: changeId };
}

/**
 * The shifts whose assignment would break a rule of NEVER_PROPOSED that is not broken now: the rules run over the
 * window of the touched dates with and without the assignments (an employee whose week is over the maximum
 * already gets no more hours either).
 */
async function newBreaches(
  tx: Tx,
  items: ApplyAutoFillInput["assignments"],
  before: Awaited<ReturnType<typeof lockShiftRecords>>,
  employees: Map<number, LockedEmployee>,
): Promise<number[]> {
  const dates = [...before.values()].map((record) => record.state.shift_date).sort();
  const range = { start_date: dates[0], end_date: dates[dates.length - 1] };
  const window = windowFor(range);
  const ruleInput = await readRuleFacts(tx, {
    startDate: window.start_date,
    endDate: window.end_date,
    employees: "assigned",
    alsoEmployeeIds: [...employees.keys()],
  });
  const ours = new Set(employees.keys());
  const hard = (findings: Finding[]) =>
    new Set(findings.filter((f) => NEVER_PROPOSED.has(f.code) && ours.has(f.employee_id)).map(key));
  const now = hard(findingsInRange(ruleInput, window));
  const after = {
    ...ruleInput,
    shifts: [
      ...ruleInput.shifts,
      ...items.map((item) => {
        const state = before.get(item.shift_id)!.state;
        return {
          id: item.shift_id,
          employee_id: item.employee_id,
          location_id: state.location_id,
          location_name: "",
          shift_date: state.shift_date,
          start_time: state.start_time,
          end_time: state.end_time,
          break_minutes: state.break_minutes,
        };
      }),
    ],
  };
  const newIds = new Set(items.map((item) => item.shift_id));
  const employeeOf = new Map(items.map((item) => [item.shift_id, item.employee_id]));
  const blamed = new Set<number>();
  for (const finding of findingsInRange(after, window)) {
    if (!NEVER_PROPOSED.has(finding.code) || !ours.has(finding.employee_id) || now.has(key(finding))) continue;
    // The new shifts the finding is about; one on an existing shift (the week's last) blames the person's new ones.
    const about = [finding.shift_id, finding.related_shift_id].filter((id): id is number => id !== undefined);
    const direct = about.filter((id) => newIds.has(id));
    if (direct.length > 0) direct.forEach((id) => blamed.add(id));
    else for (const [id, employee] of employeeOf) if (employee === finding.employee_id) blamed.add(id);
  }
  return [...blamed];
}
