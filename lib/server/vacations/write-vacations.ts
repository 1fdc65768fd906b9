import { vacationDecided } from "@/lib/server/notifications/messages";
import { notifyEmployee } from "@/lib/server/notifications/write-notifications";
import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockEmployeeShifts, lockEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { clearEmployeeApplications } from "@/lib/server/applications/write-applications";
import { readShifts, recordPlanChange, type ShiftRecord } from "@/lib/server/changes/write-changes";
import { unassignShifts } from "@/lib/server/shifts/write-shifts";
import type { RecordedVacation, VacationDto } from "@/lib/shared/api-types";
import { type VacationInput, type VacationRejectionInput, type VacationStatus } from "@/lib/shared/schemas/vacation";
import { checkRange, lockEmployee } from "./check-range";
import { queueWebhookEvent } from "@/lib/server/webhooks/queue-webhook-events";
import type { WebhookEvent } from "@/lib/shared/schemas/webhook";
import { getVacation, readVacations, vacationNotFound } from "./find-vacations";
import { replaceVacationDays, vacationDaysOf } from "./vacation-days";
import { readVacationState } from "./vacation-state";

/**
 * Checks a new or changed vacation, with the employee row locked: its charged days (Monday-Friday less the
 * company region's public holidays, docs/PRODUCT-RULES.md §22), no overlap, enough days in each year it touches.
 */
async function checkVacation(tx: Tx, input: VacationInput, excludeVacationId?: number): Promise<string[]> {
  const total = await lockEmployee(tx, input.employee_id);
  const days = await vacationDaysOf(tx, input.start_date, input.end_date);
  if (days.length === 0) {
    throw new ApiError("validation_failed", "Der Zeitraum enthält keine Arbeitstage", {
      fields: { end_date: "Der Zeitraum enthält keine Arbeitstage" },
    });
  }
  const range = { employeeId: input.employee_id, startDate: input.start_date, endDate: input.end_date };
  await checkRange(tx, total, { ...range, days, excludeVacationId });
  return days;
}

function columns(input: VacationInput, daysCount: number) {
  return {
    employeeId: input.employee_id,
    startDate: toDateColumn(input.start_date),
    endDate: toDateColumn(input.end_date),
    daysCount,
    notes: input.notes,
  };
}

type AwayRange = { employeeId: number; startDate: string; endDate: string };

/**
 * The vacation's days become free (docs/PRODUCT-RULES.md §25, §26.5): the employee's shifts on them are opened and
 * their applications for open shifts on them withdrawn, in the same transaction. `lockEmployeeShifts` must have run
 * before the vacation row was written (lock order, see there).
 */
export async function freeVacationDays(tx: Tx, range: AwayRange): Promise<FreedDays> {
  const assigned = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM shifts
    WHERE employee_id = ${range.employeeId} AND shift_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date`;
  // Their states before, for the plan change that undo reads (§27.7, §31.6); lockEmployeeShifts holds them.
  const before = await readShifts(
    tx,
    assigned.map((row) => row.id),
  );
  const opened = await unassignShifts(tx, range);
  const withdrawn = await clearEmployeeApplications(tx, range);
  return { opened, withdrawn, openedShifts: await openedShiftsOf(tx, opened), before };
}

type OpenedShift = { shift_date: string; location_name: string; start_time: string; end_time: string };
export type FreedDays = {
  opened: number[];
  withdrawn: number[];
  openedShifts: OpenedShift[];
  before: Map<number, ShiftRecord>;
};

/**
 * The opened shifts as the audit row keeps them (date, location's name, times), so the history names them as they
 * were even after a move or a rename (docs/PRODUCT-RULES.md §31.6).
 */
async function openedShiftsOf(tx: Tx, ids: number[]): Promise<OpenedShift[]> {
  if (ids.length === 0) return [];
  return tx.$queryRaw<OpenedShift[]>`
    SELECT to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date, l.name AS location_name,
           to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time
    FROM shifts s JOIN locations l ON l.id = s.location_id
    WHERE s.id = ANY(${ids}::int[])
    ORDER BY s.shift_date, s.start_time, s.id`;
}

/**
 * The webhooks' vacation event (docs/PRODUCT-RULES.md §37) in the write's transaction: the vacation as a planner's
 * GET /api/vacations answers it. A vacation a manager records is approved at once: `vacation.approved` too.
 */
async function queueVacationEvent(tx: Tx, event: Extract<WebhookEvent, `vacation.${string}`>, id: number) {
  await queueWebhookEvent(tx, event, async () => (await readVacations(tx, { id }))[0]);
}

const NOTHING_FREED: FreedDays = { opened: [], withdrawn: [], openedShifts: [], before: new Map() };

export type CreateVacationOptions = CreateOptions<VacationInput> & {
  /**
   * `approved` when a manager or admin records it; `requested` when an employee asks for their own (the route
   * decides, docs/PRODUCT-RULES.md §26.3). A request opens no shifts.
   */
  status: Extract<VacationStatus, "approved" | "requested">;
};

export const REQUEST_IN_PAST = "Ferien kannst du nur ab heute beantragen";

export async function createVacation({ input, audit, status }: CreateVacationOptions): Promise<RecordedVacation> {
  // Managers may record a vacation after the fact; a request is for days still to come (docs/PRODUCT-RULES.md §26.3).
  if (status === "requested" && input.start_date < businessToday())
    throw new ApiError("validation_failed", REQUEST_IN_PAST, { fields: { start_date: REQUEST_IN_PAST } });
  const { id, opened, changeId } = await transaction(async (tx) => {
    const days = await checkVacation(tx, input);
    const daysCount = days.length;
    const range = { employeeId: input.employee_id, startDate: input.start_date, endDate: input.end_date };
    if (status === "approved") await lockEmployeeShifts(tx, range);
    const vacation = await tx.vacation.create({ data: { ...columns(input, daysCount), status }, select: { id: true } });
    await replaceVacationDays(tx, vacation.id, days);
    const freed = status === "approved" ? await freeVacationDays(tx, range) : NOTHING_FREED;
    const { opened, withdrawn } = freed;
    // A recorded vacation changes the plan, so it is undone like a plan write (§27.7, §31.6); a request is not.
    const change =
      status === "approved"
        ? await recordPlanChange(tx, {
            kind: "vacation.create",
            audit,
            before: freed.before,
            shiftIds: opened,
            vacation: { id: vacation.id, before: null },
          })
        : null;
    await recordAudit(tx, {
      ...audit,
      action: status === "approved" ? "vacation.create" : "vacation.request",
      entityType: "vacation",
      entityId: vacation.id,
      details: {
        ...(change && { change_id: change.changeId }),
        employee_id: input.employee_id,
        days: daysCount,
        status,
        opened_shift_ids: opened,
        ...(freed.openedShifts.length > 0 && { opened_shifts: freed.openedShifts }),
        ...(withdrawn.length > 0 && { withdrawn_application_shift_ids: withdrawn }),
      },
    });
    await queueVacationEvent(tx, status === "approved" ? "vacation.approved" : "vacation.requested", vacation.id);
    return { id: vacation.id, opened, changeId: change?.changeId };
  }, LOCKING_TRANSACTION);
  return { ...(await getVacation({ id })), opened_shifts: opened.length, ...(changeId && { change_id: changeId }) };
}

/**
 * PUT replaces the whole vacation and keeps its status; its own days do not count against it. Only an approved
 * vacation opens shifts. A rejected request is closed: 409 (docs/PRODUCT-RULES.md §26.3).
 */
export async function updateVacation({ id, input, audit }: UpdateOptions<VacationInput>): Promise<RecordedVacation> {
  const opened = await transaction(async (tx) => {
    const existing = await tx.vacation.findUnique({ where: { id }, select: { employeeId: true, status: true } });
    if (!existing) throw vacationNotFound();
    if (existing.status === "rejected") throw new ApiError("conflict", REJECTED_IS_CLOSED);
    if (existing.employeeId !== input.employee_id) {
      // Moving a vacation to another employee: lock both, in id order, so two moves in opposite directions queue
      // instead of deadlocking (checkVacation's own lock on the new one then finds it held already).
      await lockEmployees(tx, [existing.employeeId, input.employee_id]);
    }
    const days = await checkVacation(tx, input, id);
    const daysCount = days.length;
    const range = { employeeId: input.employee_id, startDate: input.start_date, endDate: input.end_date };
    const approved = existing.status === "approved";
    if (approved) await lockEmployeeShifts(tx, range);
    await tx.vacation.update({ where: { id }, data: columns(input, daysCount) });
    await replaceVacationDays(tx, id, days);
    const freed = approved ? await freeVacationDays(tx, range) : NOTHING_FREED;
    const { opened, withdrawn } = freed;
    await recordAudit(tx, {
      ...audit,
      action: "vacation.update",
      entityType: "vacation",
      entityId: id,
      details: {
        employee_id: input.employee_id,
        days: daysCount,
        opened_shift_ids: opened,
        ...(freed.openedShifts.length > 0 && { opened_shifts: freed.openedShifts }),
        ...(withdrawn.length > 0 && { withdrawn_application_shift_ids: withdrawn }),
      },
    });
    return opened;
  }, LOCKING_TRANSACTION);
  return { ...(await getVacation({ id })), opened_shifts: opened.length };
}

/** The requested period and its days, as the requester's message names them (docs/PRODUCT-RULES.md §33.1). */
function vacationPeriod(request: { startDate: Date; endDate: Date; days: unknown[] }) {
  return {
    startDate: fromDateColumn(request.startDate),
    endDate: fromDateColumn(request.endDate),
    days: request.days.length,
  };
}

const REJECTED_IS_CLOSED = "Abgelehnte Ferienanträge können nicht mehr geändert werden";
const ALREADY_DECIDED = "Über diesen Ferienantrag wurde bereits entschieden";

/**
 * The requested vacation `id`, read after its employee's row is locked (so a parallel approval, rejection or
 * withdrawal has finished); 404 when it is gone, 409 when it is decided already.
 */
async function lockedRequest(tx: Tx, id: number) {
  const found = await tx.vacation.findUnique({ where: { id }, select: { employeeId: true } });
  if (!found) throw vacationNotFound();
  const total = await lockEmployee(tx, found.employeeId);
  const vacation = await tx.vacation.findUnique({
    where: { id },
    select: { employeeId: true, startDate: true, endDate: true, status: true, days: { select: { day: true } } },
  });
  if (!vacation) throw vacationNotFound();
  if (vacation.status !== "requested") throw new ApiError("conflict", ALREADY_DECIDED);
  return { ...vacation, total };
}

/** Approving or rejecting one request. */
export type DecisionOptions = { id: number; audit: AuditContext };

/**
 * A manager approves a request (docs/PRODUCT-RULES.md §26.3): under the employee's lock the overlap and the balance
 * are checked again (the total may have shrunk, or another vacation grown, since it was asked for); it then counts
 * as used, and the employee's shifts in its range are opened in the same transaction, like recording a vacation.
 * It keeps the days it was charged when it was requested.
 */
export async function approveVacation({ id, audit }: DecisionOptions): Promise<RecordedVacation> {
  const { opened, changeId } = await transaction(async (tx) => {
    const request = await lockedRequest(tx, id);
    const range = {
      employeeId: request.employeeId,
      startDate: fromDateColumn(request.startDate),
      endDate: fromDateColumn(request.endDate),
    };
    const days = request.days.map(({ day }) => fromDateColumn(day));
    await checkRange(tx, request.total, { ...range, days, excludeVacationId: id });
    await lockEmployeeShifts(tx, range);
    const vacationBefore = await readVacationState(tx, id);
    await tx.vacation.update({ where: { id }, data: { status: "approved" } });
    const freed = await freeVacationDays(tx, range);
    const { opened, withdrawn } = freed;
    // Undo takes the approval back: the request again, its shifts assigned again (§27.7, §31.6).
    const change = await recordPlanChange(tx, {
      kind: "vacation.approve",
      audit,
      before: freed.before,
      shiftIds: opened,
      vacation: { id, before: vacationBefore },
    });
    await recordAudit(tx, {
      ...audit,
      action: "vacation.approve",
      entityType: "vacation",
      entityId: id,
      details: {
        change_id: change.changeId,
        employee_id: request.employeeId,
        days: days.length,
        opened_shift_ids: opened,
        ...(freed.openedShifts.length > 0 && { opened_shifts: freed.openedShifts }),
        ...(withdrawn.length > 0 && { withdrawn_application_shift_ids: withdrawn }),
      },
    });
    await notifyEmployee(tx, request.employeeId, vacationDecided(vacationPeriod(request), { approved: true }));
    await queueVacationEvent(tx, "vacation.approved", id);
    return { opened, changeId: change.changeId };
  }, LOCKING_TRANSACTION);
  return { ...(await getVacation({ id })), opened_shifts: opened.length, change_id: changeId };
}

export type RejectVacationOptions = DecisionOptions & { input: VacationRejectionInput };

/**
 * A manager rejects a request with a reason the requester sees (docs/PRODUCT-RULES.md §26.3). Its days are no
 * longer pending: its vacation_days rows go, the row stays for the requester to read.
 */
export async function rejectVacation({ id, input, audit }: RejectVacationOptions): Promise<VacationDto> {
  await transaction(async (tx) => {
    const request = await lockedRequest(tx, id);
    await tx.vacation.update({ where: { id }, data: { status: "rejected", rejectionReason: input.reason } });
    await replaceVacationDays(tx, id, []);
    await recordAudit(tx, {
      ...audit,
      action: "vacation.reject",
      entityType: "vacation",
      entityId: id,
      details: { employee_id: request.employeeId, days: request.days.length, reason: input.reason },
    });
    const decision = { approved: false, reason: input.reason } as const;
    await notifyEmployee(tx, request.employeeId, vacationDecided(vacationPeriod(request), decision));
    await queueVacationEvent(tx, "vacation.rejected", id);
  }, LOCKING_TRANSACTION);
  return getVacation({ id });
}

/** Deleting returns the days: "used" and "pending" are always computed from the vacations. */
export async function deleteVacation({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    const vacation = await tx.vacation.findUnique({
      where: { id },
      select: { employeeId: true, daysCount: true, status: true },
    });
    if (!vacation) throw vacationNotFound();
    // Queued behind a running decision or undo of it (they hold the employee's lock): an undo that puts an approval
    // back must not write the vacation again after this delete (docs/PRODUCT-RULES.md §31.6).
    // Archived or not: an archived person's vacation can still be deleted.
    await lockEmployees(tx, [vacation.employeeId]);
    const { count } = await tx.vacation.deleteMany({ where: { id } });
    if (count === 0) throw vacationNotFound();
    await recordAudit(tx, {
      ...audit,
      action: "vacation.delete",
      entityType: "vacation",
      entityId: id,
      details: { employee_id: vacation.employeeId, days: vacation.daysCount, status: vacation.status },
    });
  }, LOCKING_TRANSACTION);
}

export type WithdrawVacationOptions = RemoveOptions & {
  /** The caller's linked employee: only their own requests can be withdrawn. */
  employeeId: number;
};

export const ONLY_REQUESTS_WITHDRAWN =
  "Nur beantragte Ferien kannst du zurückziehen. Für genehmigte Ferien wende dich an deine Planung.";

/**
 * An employee withdraws their own request while it is undecided (docs/PRODUCT-RULES.md §26.3): another employee's
 * vacation is 403, an own approved or rejected one 409. The delete names the status, so a withdrawal racing an
 * approval either removes the request or finds it decided, never removes an approved vacation.
 */
export async function withdrawVacationRequest({ id, employeeId, audit }: WithdrawVacationOptions): Promise<void> {
  await transaction(async (tx) => {
    const vacation = await tx.vacation.findUnique({ where: { id }, select: { employeeId: true, daysCount: true } });
    if (!vacation) throw vacationNotFound();
    if (vacation.employeeId !== employeeId) throw new ApiError("forbidden");
    // Queued behind a running approval or rejection of it (they hold the employee's lock while they decide).
    await lockEmployee(tx, employeeId);
    const { count } = await tx.vacation.deleteMany({ where: { id, employeeId, status: "requested" } });
    if (count === 0) throw new ApiError("conflict", ONLY_REQUESTS_WITHDRAWN);
    await recordAudit(tx, {
      ...audit,
      action: "vacation.withdraw",
      entityType: "vacation",
      entityId: id,
      details: { employee_id: employeeId, days: vacation.daysCount },
    });
  });
}
