import "server-only";
import { assertRealTimesOf } from "./real-times";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { recordPlanChange } from "@/lib/server/changes/write-changes";
import { config } from "@/lib/server/config";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployees, shareLocations, type LockedEmployee } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { CreateOptions } from "@/lib/server/domain-options";
import type { CopiedWeek, OpenedCopy } from "@/lib/shared/api-types";
import { addDays, daysBetween, mondayOf } from "@/lib/shared/dates";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { blockingFinding, findingsForShift, openedReason, type RuleInput, type RuleShift } from "@/lib/shared/rules";
import type { CopyWeekInput } from "@/lib/shared/schemas/shift";
import { findShifts } from "./find-shifts";

type SourceShift = {
  id: number;
  employee_id: number | null;
  location_id: number;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  is_custom: boolean;
  custom_name: string | null;
};

/**
 * Per employee, the input findingsForShift reads, from the rules' facts of the target days and the day on either side
 * (a shift lasts under 24 h, so nothing further away can overlap); the copies kept so far are added as they are
 * decided. Also used by copying several shifts (write-bulk.ts).
 */
export async function copyRuleInputs(
  tx: Tx,
  employees: Map<number, LockedEmployee>,
  { startDate, endDate }: { startDate: string; endDate: string },
) {
  const inputs = new Map<number, RuleInput>();
  const ids = [...employees.values()].filter((employee) => !employee.archived).map((employee) => employee.id);
  if (ids.length === 0) return inputs;
  const facts = await readRuleFacts(tx, {
    startDate: addDays(startDate, -1),
    endDate: addDays(endDate, 1),
    employees: { ids },
  });
  // Only the refusing rules matter here (overlap, vacation); they do not depend on the labour rules, so those are
  // left off and the warnings (which the planner sees in the target week afterwards) are not computed.
  const settings = { labourRules: "none", weeklyMaxHours: 168, minRestHours: 0, timeZone: config.timeZone } as const;
  for (const employee of facts.employees) {
    inputs.set(employee.id, { settings, employees: [employee], shifts: [], vacations: [], unavailability: [] });
  }
  for (const shift of facts.shifts) inputs.get(shift.employee_id!)?.shifts.push(shift);
  for (const vacation of facts.vacations) inputs.get(vacation.employee_id)?.vacations.push(vacation);
  return inputs;
}

type Decision = { employeeId: number | null; opened?: Omit<OpenedCopy, "shift_id"> };

/**
 * Copies every shift of the Monday–Sunday week of `from_start_date` to the same weekday of the week of
 * `to_start_date` (docs/PRODUCT-RULES.md §27.3): times, break, special name; the employee too with
 * `with_employees`, unless that would be an overlap or a vacation day (§25) or the employee is archived — then the
 * copy is open and listed in `opened`. Shifts at archived locations are skipped. All in one transaction, or nothing.
 */
export async function copyWeek({ input, audit }: CreateOptions<CopyWeekInput>): Promise<CopiedWeek> {
  const from = mondayOf(input.from_start_date);
  const to = mondayOf(input.to_start_date);
  const offset = daysBetween(from, to);
  const { ids, opened, skipped, changeId } = await transaction(async (tx) => {
    // Plain SQL with text dates and times, which the rules read: a model query of the same 300 rows took about
    // 120 ms more on a 2-core test machine (its first use compiles the query), a third of the whole copy.
    const source = await tx.$queryRaw<SourceShift[]>`
      SELECT id, employee_id, location_id, to_char(shift_date, 'YYYY-MM-DD') AS shift_date,
        left(start_time::text, 5) AS start_time, left(end_time::text, 5) AS end_time,
        break_minutes, is_custom, custom_name
      FROM shifts
      WHERE shift_date BETWEEN ${from}::date AND ${addDays(from, 6)}::date
      ORDER BY shift_date, start_time, id`;
    // The lock order (lib/server/db/locks.ts): the employees the copies would keep first, locked FOR UPDATE as every
    // assignment locks them (assertAssignable, docs/PRODUCT-RULES.md §25), so a parallel shift write or vacation for
    // one of them queues behind this copy (or this copy behind it) and the target week read afterwards is what the
    // other committed. Then the source week's locations, held FOR SHARE: archiving one waits for this copy and then
    // deletes the copies with the location's other future shifts, instead of leaving copies at a location archived
    // meanwhile.
    const employees = await lockEmployees(tx, input.with_employees ? source.map((shift) => shift.employee_id) : []);
    const locations = await shareLocations(
      tx,
      source.map((shift) => shift.location_id),
    );
    const copied = source.filter((shift) => locations.get(shift.location_id)?.archived === false);
    assertRealTimesOf(
      copied.map((shift) => ({ ...shift, shift_date: addDays(shift.shift_date, offset) })),
      "to_start_date",
    );
    const inputs = await copyRuleInputs(tx, employees, { startDate: to, endDate: addDays(to, 6) });

    // In date and start order, so of two copies that overlap the earlier one keeps the employee.
    const decisions = copied.map((shift, index): Decision => {
      const employee = shift.employee_id === null ? undefined : employees.get(shift.employee_id);
      if (!employee) return { employeeId: null };
      const about = { employee_id: employee.id, employee_name: employee.name };
      if (employee.archived) return { employeeId: null, opened: { ...about, reason: "archived" } };
      const ruleInput = inputs.get(employee.id)!;
      const candidate: RuleShift = {
        // Copies not yet saved get ids no saved shift has, so they count as other shifts for the next copies.
        id: -1 - index,
        employee_id: employee.id,
        location_id: shift.location_id,
        location_name: "",
        shift_date: addDays(shift.shift_date, offset),
        start_time: shift.start_time,
        end_time: shift.end_time,
        break_minutes: shift.break_minutes,
      };
      const refusal = blockingFinding(findingsForShift(ruleInput, candidate));
      if (refusal) {
        return { employeeId: null, opened: { ...about, reason: openedReason(refusal, ruleInput, candidate) } };
      }
      ruleInput.shifts.push(candidate);
      return { employeeId: employee.id };
    });

    // One INSERT; PostgreSQL answers RETURNING in the order of the rows given, which pairs ids with decisions.
    const created = await tx.shift.createManyAndReturn({
      data: copied.map((shift, index) => ({
        employeeId: decisions[index].employeeId,
        locationId: shift.location_id,
        shiftDate: toDateColumn(addDays(shift.shift_date, offset)),
        startTime: toTimeColumn(shift.start_time),
        endTime: toTimeColumn(shift.end_time),
        breakMinutes: shift.break_minutes,
        isCustom: shift.is_custom,
        customName: shift.custom_name,
      })),
      select: { id: true },
    });
    const ids = created.map((shift) => shift.id);
    const opened = decisions.flatMap((decision, index) =>
      decision.opened ? [{ shift_id: ids[index], ...decision.opened }] : [],
    );
    const skipped = source.length - copied.length;
    // Undo deletes the copies again (docs/PRODUCT-RULES.md §27.7): they had no state before.
    const { changeId } = await recordPlanChange(tx, {
      kind: "shift.copy_week",
      audit,
      before: new Map(),
      shiftIds: ids,
    });
    await recordAudit(tx, {
      ...audit,
      action: "shift.copy_week",
      entityType: "shift",
      details: {
        change_id: changeId,
        from_start_date: from,
        to_start_date: to,
        with_employees: input.with_employees,
        created: ids.length,
        opened: opened.length,
        skipped,
      },
    });
    return { ids, opened, skipped, changeId };
  }, LOCKING_TRANSACTION);
  const shifts = await findShifts(db, { ids });
  return { created: shifts.length, opened, skipped, shifts, change_id: changeId };
}
