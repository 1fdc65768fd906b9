import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { lockEmployeeShifts, lockEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { recordPlanChange } from "@/lib/server/changes/write-changes";
import { lockEmployee } from "@/lib/server/vacations/check-range";
import { freeVacationDays, type FreedDays } from "@/lib/server/vacations/write-vacations";
import type { RecordedAbsence, SickReportResult } from "@/lib/shared/api-types";
import { addDays, daysBetween } from "@/lib/shared/dates";
import { MAX_RANGE_DAYS } from "@/lib/shared/schemas/shift";
import type { AbsenceInput, SickReportInput } from "@/lib/shared/schemas/absence";
import { blocksShifts, readAbsenceState } from "./absence-state";
import { checkAbsenceOverlap } from "./check-absence";
import { absenceNotFound, getAbsence } from "./find-absences";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { sickReported } from "./sick-report-hook";

type Range = { employeeId: number; startDate: string; endDate: string };

const rangeOf = (input: Pick<AbsenceInput, "employee_id" | "start_date" | "end_date">): Range => ({
  employeeId: input.employee_id,
  startDate: input.start_date,
  endDate: input.end_date,
});

const NOTHING_FREED: FreedDays = { opened: [], withdrawn: [], openedShifts: [], before: new Map() };

/**
 * The whole days of an absence become free like a vacation's (docs/PRODUCT-RULES.md §32.2, §25): the employee's
 * shifts on them are opened and their applications for open shifts on them withdrawn. An absence of hours on one
 * day opens nothing: the rest of the day may still be worked.
 */
async function freeAbsenceDays(tx: Tx, range: Range, hours: number | null): Promise<FreedDays> {
  return blocksShifts({ hours }) ? freeVacationDays(tx, range) : NOTHING_FREED;
}

/**
 * Locks the employee (400 when unknown or archived; with `archivedToo` an archived one is fine: a sick leave
 * recorded before someone left can still get its certificate), then refuses an overlap (409); whole days lock
 * their shifts.
 */
async function checkAbsence(
  tx: Tx,
  input: AbsenceInput,
  { excludeAbsenceId, archivedToo = false }: { excludeAbsenceId?: number; archivedToo?: boolean } = {},
): Promise<void> {
  if (!archivedToo) await lockEmployee(tx, input.employee_id);
  else if (!(await lockEmployees(tx, [input.employee_id])).has(input.employee_id)) throw absenceNotFound();
  await checkAbsenceOverlap(tx, { ...rangeOf(input), excludeAbsenceId });
  // Before the first write (docs/ARCHITECTURE.md §6.4): the shifts this absence will open.
  if (blocksShifts(input)) await lockEmployeeShifts(tx, rangeOf(input));
}

function columns(input: AbsenceInput) {
  return {
    employeeId: input.employee_id,
    type: input.type,
    startDate: toDateColumn(input.start_date),
    endDate: toDateColumn(input.end_date),
    hours: input.hours,
    note: input.note,
    certificateReceived: input.certificate_received,
  };
}

function auditDetails(input: Omit<AbsenceInput, "note">, freed: FreedDays) {
  return {
    employee_id: input.employee_id,
    type: input.type,
    start_date: input.start_date,
    end_date: input.end_date,
    hours: input.hours,
    certificate_received: input.certificate_received,
    opened_shift_ids: freed.opened,
    ...(freed.openedShifts.length > 0 && { opened_shifts: freed.openedShifts }),
    ...(freed.withdrawn.length > 0 && { withdrawn_application_shift_ids: freed.withdrawn }),
  };
}

/**
 * A manager records an absence (docs/PRODUCT-RULES.md §32.2). Whole days open the employee's shifts on them like a
 * recorded vacation, as one plan change: its `change_id` takes the absence back with them.
 */
export async function createAbsence({ input, audit }: CreateOptions<AbsenceInput>): Promise<RecordedAbsence> {
  const { id, opened, changeId } = await transaction(async (tx) => {
    await checkAbsence(tx, input);
    const absence = await tx.absence.create({
      data: { ...columns(input), createdBy: audit.actor.id },
      select: { id: true },
    });
    const freed = await freeAbsenceDays(tx, rangeOf(input), input.hours);
    const change = blocksShifts(input)
      ? await recordPlanChange(tx, {
          kind: "absence.create",
          audit,
          before: freed.before,
          shiftIds: freed.opened,
          absence: { id: absence.id, before: null },
        })
      : null;
    await recordAudit(tx, {
      ...audit,
      action: "absence.create",
      entityType: "absence",
      entityId: absence.id,
      details: { ...(change && { change_id: change.changeId }), ...auditDetails(input, freed) },
    });
    return { id: absence.id, opened: freed.opened, changeId: change?.changeId };
  }, LOCKING_TRANSACTION);
  const absence = await getAbsence(db, { id });
  return { ...absence, opened_shifts: opened.length, ...(changeId && { change_id: changeId }) };
}

/**
 * PUT replaces the whole absence (docs/PRODUCT-RULES.md §32.2); its own days do not overlap it. Days it gains are
 * freed like a new absence's; days it gives back stay open (nothing is assigned again behind a planner's back).
 */
export async function updateAbsence({ id, input, audit }: UpdateOptions<AbsenceInput>): Promise<RecordedAbsence> {
  const opened = await transaction(async (tx) => {
    const existing = await tx.absence.findUnique({ where: { id }, select: { employeeId: true } });
    if (!existing) throw absenceNotFound();
    // Both people in id order, so two moves in opposite directions queue instead of deadlocking.
    await lockEmployees(tx, [existing.employeeId, input.employee_id]);
    const current = await tx.absence.findUnique({ where: { id }, select: { selfReported: true } });
    if (!current) throw absenceNotFound();
    const before = await readAbsenceState(tx, id);
    await checkAbsence(tx, input, { excludeAbsenceId: id, archivedToo: input.employee_id === existing.employeeId });
    // Only a sick leave can be self-reported (a check of the migration).
    const selfReported = current.selfReported && input.type === "krank";
    await tx.absence.update({ where: { id }, data: { ...columns(input), selfReported } });
    const freed = await freeAbsenceDays(tx, rangeOf(input), input.hours);
    // Days gained opened shifts: a plan change, so that a mistyped end date is taken back with one undo.
    const change =
      freed.opened.length > 0
        ? await recordPlanChange(tx, {
            kind: "absence.update",
            audit,
            before: freed.before,
            shiftIds: freed.opened,
            absence: { id, before },
          })
        : null;
    await recordAudit(tx, {
      ...audit,
      action: "absence.update",
      entityType: "absence",
      entityId: id,
      details: { ...(change && { change_id: change.changeId }), ...auditDetails(input, freed) },
    });
    return { opened: freed.opened, changeId: change?.changeId };
  }, LOCKING_TRANSACTION);
  const { opened: openedIds, changeId } = opened;
  return {
    ...(await getAbsence(db, { id })),
    opened_shifts: openedIds.length,
    ...(changeId && { change_id: changeId }),
  };
}

/** Deleting gives the days back to the target; the shifts it opened stay open (docs/PRODUCT-RULES.md §32.2). */
export async function deleteAbsence({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    const absence = await tx.absence.findUnique({ where: { id }, select: { employeeId: true } });
    if (!absence) throw absenceNotFound();
    // Queued behind a running write or undo of it (they hold the employee's lock).
    await lockEmployees(tx, [absence.employeeId]);
    const state = await readAbsenceState(tx, id);
    if (!state) throw absenceNotFound();
    await tx.absence.delete({ where: { id } });
    await recordAudit(tx, {
      ...audit,
      action: "absence.delete",
      entityType: "absence",
      entityId: id,
      details: {
        employee_id: state.employee_id,
        type: state.type,
        start_date: state.start_date,
        end_date: state.end_date,
        hours: state.hours,
      },
    });
  }, LOCKING_TRANSACTION);
}

/** "Ich bin krank" on a sick leave that already runs a year (MAX_RANGE_DAYS). */
export const SICK_FOR_A_YEAR =
  "Deine Krankmeldung läuft schon ein Jahr: bitte melde dich bei deiner Vorgesetzten oder deinem Vorgesetzten.";

export type ReportSickOptions = { employeeId: number; input: SickReportInput; audit: AuditContext };

/**
 * "Ich bin krank" (docs/PRODUCT-RULES.md §32.2): the caller's linked employee is sick today and the following days
 * (`days` in all). Their shifts on those days open like an approved vacation's, in one transaction under the
 * employee's lock, as one plan change; the managers learn it from the dashboard (sickReported). A sick leave that
 * runs into today (reported yesterday) is extended instead of a second one beside it, so its days count as one run
 * for the certificate; any other absence or vacation on those days is 409.
 */
export async function reportSick({ employeeId, input, audit }: ReportSickOptions): Promise<SickReportResult> {
  const today = businessToday();
  const lastDay = addDays(today, (input.days ?? 1) - 1);
  const { id, opened, changeId } = await transaction(async (tx) => {
    // The caller's own employee: one that is archived (or gone) is 404, as a stamp is, not a field error of a body
    // that has no employee_id.
    if (!(await lockEmployees(tx, [employeeId], { activeOnly: true })).has(employeeId)) throw employeeNotFound();
    // A whole-day sick leave that reaches yesterday or later and began by today: the one to extend.
    const running = await tx.absence.findFirst({
      where: {
        employeeId,
        type: "krank",
        hours: null,
        startDate: { lte: toDateColumn(today) },
        endDate: { gte: toDateColumn(addDays(today, -1)) },
      },
      select: { id: true, startDate: true, endDate: true, note: true },
      orderBy: { startDate: "desc" },
    });
    const before = running ? await readAbsenceState(tx, running.id) : null;
    const startDate = before?.start_date ?? today;
    const endDate = before && before.end_date > lastDay ? before.end_date : lastDay;
    // The same bound as every range of the API (and the table's CHECK): a year of sick leave is not extended by
    // the app; the managers record what follows.
    if (daysBetween(startDate, endDate) > MAX_RANGE_DAYS) throw new ApiError("conflict", SICK_FOR_A_YEAR);
    const range = { employeeId, startDate, endDate };
    await checkAbsenceOverlap(tx, { ...range, excludeAbsenceId: running?.id });
    await lockEmployeeShifts(tx, range);
    const absence = running
      ? await tx.absence.update({
          where: { id: running.id },
          // Reported by the employee now, whoever recorded the first days: the managers' dashboard lists it
          // (sick_reports); a note is added to the one there, never put in its place.
          data: {
            endDate: toDateColumn(endDate),
            selfReported: true,
            ...(input.note && { note: running.note ? `${running.note} · ${input.note}`.slice(0, 500) : input.note }),
          },
          select: { id: true },
        })
      : await tx.absence.create({
          data: {
            employeeId,
            type: "krank",
            startDate: toDateColumn(startDate),
            endDate: toDateColumn(endDate),
            note: input.note,
            selfReported: true,
            createdBy: audit.actor.id,
          },
          select: { id: true },
        });
    const freed = await freeVacationDays(tx, range);
    const change = await recordPlanChange(tx, {
      kind: "absence.sick_report",
      audit,
      before: freed.before,
      shiftIds: freed.opened,
      absence: { id: absence.id, before },
    });
    await recordAudit(tx, {
      ...audit,
      action: "absence.sick_report",
      entityType: "absence",
      entityId: absence.id,
      details: {
        change_id: change.changeId,
        employee_id: employeeId,
        start_date: startDate,
        end_date: endDate,
        extended: running !== null,
        opened_shift_ids: freed.opened,
        ...(freed.openedShifts.length > 0 && { opened_shifts: freed.openedShifts }),
        ...(freed.withdrawn.length > 0 && { withdrawn_application_shift_ids: freed.withdrawn }),
      },
    });
    await sickReported(tx, { absenceId: absence.id, employeeId, startDate, endDate, openedShiftIds: freed.opened });
    return { id: absence.id, opened: freed.opened, changeId: change.changeId };
  }, LOCKING_TRANSACTION);
  return { absence: await getAbsence(db, { id }), opened_shifts: opened.length, change_id: changeId };
}
