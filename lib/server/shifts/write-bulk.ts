import "server-only";
import { assertRealTimesOf } from "./real-times";
import { ApiError } from "@/lib/server/api/errors";
import { clearShiftsApplications } from "@/lib/server/applications/write-applications";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { lockShiftRecords, recordPlanChange, type ShiftRecord } from "@/lib/server/changes/write-changes";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployees, shareLocations } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { CreateOptions } from "@/lib/server/domain-options";
import { assertAssignable } from "@/lib/server/rules/find-findings";
import type { OpenedCopy, ShiftDto } from "@/lib/shared/api-types";
import { addDays, DATE_WINDOW_MESSAGE, isDateInWindow } from "@/lib/shared/dates";
import { blockingFinding, findingsForShift, openedReason, type RuleShift } from "@/lib/shared/rules";
import type { BulkShiftsInput, ShiftInput } from "@/lib/shared/schemas/shift";
import { findShifts, shiftNotFound } from "./find-shifts";
import { shiftColumns } from "./shift-columns";
import { copyRuleInputs } from "./write-week-copy";

export type BulkResult = {
  action: BulkShiftsInput["action"];
  count: number;
  opened: OpenedCopy[];
  shifts: ShiftDto[];
  change_id: string;
};

/** A selected shift as it is now: the fields a write takes, with its id. */
type Source = ShiftInput & { id: number };

type Target = { source: Source; date: string; locationId: number };

const invalid = (field: string, message: string) =>
  new ApiError("validation_failed", message, { fields: { [field]: message } });

const NOTHING_CHANGES = "Die Schichten würden an ihrem Platz bleiben. Bitte wähle einen anderen Tag oder Standort.";
const CHANGED_MEANWHILE = "Inzwischen geändert – bitte die Woche neu laden und noch einmal versuchen";

/** The shifts, in date and start order; 404 when one does not exist, as the single routes answer. */
async function readSources(tx: Tx, ids: number[]): Promise<Source[]> {
  const rows = await tx.$queryRaw<Source[]>`
    SELECT id, employee_id, location_id, to_char(shift_date, 'YYYY-MM-DD') AS shift_date,
      left(start_time::text, 5) AS start_time, left(end_time::text, 5) AS end_time,
      break_minutes, is_custom, custom_name
    FROM shifts WHERE id = ANY(${ids}::int[])
    ORDER BY shift_date, start_time, id`;
  if (rows.length !== ids.length) throw shiftNotFound();
  return rows;
}

/** Where each shift goes (move, or a copy by `days`), or each shift of one day to each day of `to_dates`. */
function targetsOf(input: BulkShiftsInput, sources: Source[]): Target[] {
  const locationOf = (source: Source) => input.location_id ?? source.location_id;
  let targets: Target[];
  if (input.to_dates) {
    const days = new Set(sources.map((source) => source.shift_date));
    if (days.size > 1) throw invalid("shift_ids", "Auf andere Tage kopieren geht nur mit Schichten eines Tages");
    targets = [...input.to_dates]
      .sort()
      .flatMap((date) => sources.map((source) => ({ source, date, locationId: locationOf(source) })));
  } else {
    const days = input.days ?? 0;
    targets = sources.map((source) => ({
      source,
      date: addDays(source.shift_date, days),
      locationId: locationOf(source),
    }));
  }
  const field = input.to_dates ? "to_dates" : "days";
  if (targets.some((target) => !isDateInWindow(target.date))) throw invalid(field, DATE_WINDOW_MESSAGE);
  assertRealTimesOf(
    targets.map((target) => ({ ...target.source, shift_date: target.date })),
    field,
  );
  // A shift already where it is sent stays as it is (moving a selection to a location some of it is at already);
  // only a call that would change nothing at all is refused.
  const moving = targets.filter(
    (target) => target.date !== target.source.shift_date || target.locationId !== target.source.location_id,
  );
  if (moving.length === 0) throw invalid(field, NOTHING_CHANGES);
  return moving;
}

async function assertTargetLocations(tx: Tx, targets: Target[]) {
  const locations = await shareLocations(
    tx,
    targets.map((target) => target.locationId),
  );
  if ([...locations.values()].some((location) => location.archived) || locations.size === 0)
    throw invalid("location_id", "Standort nicht gefunden");
  if (targets.some((target) => !locations.has(target.locationId)))
    throw invalid("location_id", "Standort nicht gefunden");
  return locations;
}

const firstDate = (dates: string[]) => [...dates].sort()[0];

/**
 * Moves the shifts by `days` and/or to `location_id`, as PUT /api/shifts/{id} would one by one (docs/PRODUCT-RULES.md
 * §31.7): an overlap or a vacation day refuses the whole move with the rule's 409 and nothing is written.
 */
async function moveShifts(input: BulkShiftsInput, audit: CreateOptions<BulkShiftsInput>["audit"]) {
  return transaction(async (tx) => {
    // Lock order (lib/server/db/locks.ts): the employees of the shifts, then the shifts, then the locations. The
    // employees are read before their lock; a shift reassigned meanwhile is refused rather than moved unlocked.
    const seen = await readSources(tx, input.shift_ids);
    await lockEmployees(
      tx,
      seen.map((shift) => shift.employee_id),
    );
    const before = await lockShiftRecords(tx, input.shift_ids);
    if (before.size !== input.shift_ids.length) throw shiftNotFound();
    const sources = await readSources(tx, input.shift_ids);
    if (sources.some((shift, index) => shift.employee_id !== seen[index].employee_id))
      throw new ApiError("conflict", CHANGED_MEANWHILE);
    const targets = targetsOf(input, sources);
    const locations = await assertTargetLocations(tx, targets);
    // With every shift moved by the same days their order stays; moving the last one first (or the first one first,
    // going back) means no shift lands on a place another one of them still holds.
    const ordered = (input.days ?? 0) > 0 ? [...targets].reverse() : targets;
    for (const { source, date, locationId } of ordered) {
      const shiftInput = { ...source, shift_date: date, location_id: locationId };
      await assertAssignable(tx, { id: source.id, input: shiftInput });
      await tx.shift.update({ where: { id: source.id }, data: shiftColumns(shiftInput) });
    }
    const { changeId } = await recordPlanChange(tx, {
      kind: "shift.bulk_move",
      audit,
      before,
      shiftIds: input.shift_ids,
    });
    await recordAudit(tx, {
      ...audit,
      action: "shift.bulk_move",
      entityType: "shift",
      details: {
        change_id: changeId,
        shifts: targets.length,
        start_date: firstDate(targets.map((target) => target.date)),
        ...(input.days !== undefined && input.days !== 0 && { days: input.days }),
        ...(input.location_id !== undefined && {
          location_id: input.location_id,
          location_name: locations.get(input.location_id)?.name,
        }),
      },
    });
    return { ids: [...input.shift_ids].sort((a, b) => a - b), opened: [], changeId };
  }, LOCKING_TRANSACTION);
}

/**
 * Copies the shifts by `days`, to `location_id`, or to each day of `to_dates`, like copying a week
 * (docs/PRODUCT-RULES.md §27.3, §31.7): a copy whose employee would overlap, be on vacation or is archived is open.
 */
async function copyShifts(input: BulkShiftsInput, audit: CreateOptions<BulkShiftsInput>["audit"]) {
  return transaction(async (tx) => {
    const sources = await readSources(tx, input.shift_ids);
    const targets = targetsOf(input, sources);
    const employees = await lockEmployees(tx, input.with_employees ? sources.map((shift) => shift.employee_id) : []);
    const locations = await assertTargetLocations(tx, targets);
    const dates = targets.map((target) => target.date).sort();
    const inputs = await copyRuleInputs(tx, employees, { startDate: dates[0], endDate: dates[dates.length - 1] });
    const decisions = targets.map(({ source, date, locationId }, index) => {
      const employee =
        input.with_employees && source.employee_id !== null ? employees.get(source.employee_id) : undefined;
      if (!employee) return { employeeId: null };
      const about = { employee_id: employee.id, employee_name: employee.name };
      if (employee.archived) return { employeeId: null, opened: { ...about, reason: "archived" as const } };
      const ruleInput = inputs.get(employee.id)!;
      const candidate: RuleShift = {
        id: -1 - index,
        employee_id: employee.id,
        location_id: locationId,
        location_name: "",
        shift_date: date,
        start_time: source.start_time,
        end_time: source.end_time,
        break_minutes: source.break_minutes,
      };
      const refusal = blockingFinding(findingsForShift(ruleInput, candidate));
      if (refusal) {
        return { employeeId: null, opened: { ...about, reason: openedReason(refusal, ruleInput, candidate) } };
      }
      ruleInput.shifts.push(candidate);
      return { employeeId: employee.id };
    });
    const created = await tx.shift.createManyAndReturn({
      data: targets.map(({ source, date, locationId }, index) => ({
        employeeId: decisions[index].employeeId,
        locationId,
        shiftDate: toDateColumn(date),
        startTime: toTimeColumn(source.start_time),
        endTime: toTimeColumn(source.end_time),
        breakMinutes: source.break_minutes,
        isCustom: source.is_custom,
        customName: source.custom_name,
      })),
      select: { id: true },
    });
    const ids = created.map((shift) => shift.id);
    const opened = decisions.flatMap((decision, index) =>
      decision.opened ? [{ shift_id: ids[index], ...decision.opened }] : [],
    );
    const { changeId } = await recordPlanChange(tx, {
      kind: "shift.bulk_copy",
      audit,
      before: new Map(),
      shiftIds: ids,
    });
    await recordAudit(tx, {
      ...audit,
      action: "shift.bulk_copy",
      entityType: "shift",
      details: {
        change_id: changeId,
        shifts: ids.length,
        opened: opened.length,
        start_date: dates[0],
        with_employees: input.with_employees,
        ...(input.to_dates && { to_dates: [...input.to_dates].sort() }),
        ...(input.days !== undefined && input.days !== 0 && { days: input.days }),
        ...(input.location_id !== undefined && {
          location_id: input.location_id,
          location_name: locations.get(input.location_id)?.name,
        }),
      },
    });
    return { ids, opened, changeId };
  }, LOCKING_TRANSACTION);
}

/** Deletes the shifts and their applications (undo puts both back, docs/PRODUCT-RULES.md §27.7). */
async function deleteShifts(input: BulkShiftsInput, audit: CreateOptions<BulkShiftsInput>["audit"]) {
  return transaction(async (tx) => {
    const before: Map<number, ShiftRecord> = await lockShiftRecords(tx, input.shift_ids);
    if (before.size !== input.shift_ids.length) throw shiftNotFound();
    const clearedApplications = await clearShiftsApplications(tx, input.shift_ids);
    await tx.shift.deleteMany({ where: { id: { in: input.shift_ids } } });
    const { changeId } = await recordPlanChange(tx, {
      kind: "shift.bulk_delete",
      audit,
      before,
      shiftIds: input.shift_ids,
      clearedApplications,
    });
    await recordAudit(tx, {
      ...audit,
      action: "shift.bulk_delete",
      entityType: "shift",
      details: {
        change_id: changeId,
        shifts: input.shift_ids.length,
        start_date: firstDate([...before.values()].map((record) => record.state.shift_date)),
      },
    });
    return { ids: [], opened: [], changeId };
  }, LOCKING_TRANSACTION);
}

/** POST /api/shifts/bulk: several shifts moved, copied or deleted in one change, all or nothing. */
export async function bulkShifts({ input, audit }: CreateOptions<BulkShiftsInput>): Promise<BulkResult> {
  const write = input.action === "move" ? moveShifts : input.action === "copy" ? copyShifts : deleteShifts;
  const { ids, opened, changeId } = await write(input, audit);
  const shifts = ids.length === 0 ? [] : await findShifts(db, { ids });
  const count = input.action === "delete" ? input.shift_ids.length : shifts.length;
  return { action: input.action, count, opened, shifts, change_id: changeId };
}
