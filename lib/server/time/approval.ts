import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { LOCKING_TRANSACTION, type Db, type Tx } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { transaction } from "@/lib/server/db/transaction";
import { monthlyStatementReady } from "@/lib/server/notifications/messages";
import { notifyEmployee } from "@/lib/server/notifications/write-notifications";
import { keepMonthFigures } from "@/lib/server/time-accounts/keep-month-figures";
import { addMonths } from "@/lib/shared/dates";
import { formatMonthYear } from "@/lib/shared/format";
import type { ApproveMonthInput, ReopenMonthInput } from "@/lib/shared/schemas/timesheet";
import type { z } from "zod";
import type { timesheetMonthResultSchema, timesheetMonthSchema } from "@/lib/shared/schemas/timesheet";
import { entryTimes, lockEntryEmployee } from "./entry-checks";
import { ENTRY_SELECT, revisionSnapshot } from "./time-entry-dto";
import { queueWebhookEvent } from "@/lib/server/webhooks/queue-webhook-events";

/**
 * The monthly approval (docs/PRODUCT-RULES.md §32.3): a manager approves an employee's month, which locks its
 * entries (every write asks `assertMonthOpen`), and reopens it with a reason (one revision per entry). Both take
 * the employee's lock first, as every write of entries does, and move the person's `time_version` on with it, so a
 * stamp read before the approval writes nothing after it (./clock.ts): an approval and a stamp never interleave.
 */

export type TimesheetMonthDto = z.infer<typeof timesheetMonthSchema>;
export type TimesheetMonthResult = z.infer<typeof timesheetMonthResultSchema>;

type MonthRow = {
  employeeId: number;
  month: Date;
  approvedAt: Date | null;
  approvedByName: string | null;
  reopenedAt: Date | null;
  reopenedByName: string | null;
  reopenReason: string | null;
};

export function toMonthDto(row: MonthRow): TimesheetMonthDto {
  return {
    employee_id: row.employeeId,
    month: fromDateColumn(row.month).slice(0, 7),
    approved: row.approvedAt !== null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    approved_by_name: row.approvedByName,
    reopened_at: row.reopenedAt?.toISOString() ?? null,
    reopened_by_name: row.reopenedByName,
    reopen_reason: row.reopenReason,
  };
}

/** A month never approved: its row does not exist. */
export function openMonth(employeeId: number, month: string): TimesheetMonthDto {
  return {
    employee_id: employeeId,
    month,
    approved: false,
    approved_at: null,
    approved_by_name: null,
    reopened_at: null,
    reopened_by_name: null,
    reopen_reason: null,
  };
}

/** The month's days as date columns: [first, first of the next month). */
function monthRange(month: string) {
  const first = `${month}-01`;
  return { first, gte: toDateColumn(first), lt: toDateColumn(addMonths(first, 1)) };
}

/** POST /api/timesheets/approve: the month's recorded entries become approved. */
export async function approveMonth({
  input,
  audit,
}: {
  input: ApproveMonthInput;
  audit: AuditContext;
}): Promise<TimesheetMonthResult> {
  return transaction(async (tx) => {
    const employeeId = input.employee_id;
    // Archived employees too: the last month of someone who left is approved after they left.
    const { name } = await lockEntryEmployee(tx, employeeId, { archivedToo: true });
    const { first, gte, lt } = monthRange(input.month);
    if (first > businessToday())
      throw new ApiError("conflict", `Der Monat ${formatMonthYear(input.month)} hat noch nicht begonnen.`);
    const existing = await tx.timesheetMonth.findUnique({
      where: { employeeId_month: { employeeId, month: gte } },
    });
    if (existing?.approvedAt)
      throw new ApiError("conflict", `Der Monat ${formatMonthYear(input.month)} von ${name} ist bereits genehmigt.`);
    const running = await tx.timeEntry.findFirst({
      where: { employeeId, status: "running", date: { gte, lt } },
      select: { startAt: true },
    });
    if (running)
      throw new ApiError(
        "conflict",
        `${name} ist noch eingestempelt (${entryTimes(running.startAt, null)}): bitte zuerst den Eintrag beenden.`,
      );
    const open = await tx.timeCorrection.count({
      where: { status: "open", entry: { employeeId, date: { gte, lt } } },
    });
    if (open > 0)
      throw new ApiError("conflict", "Für diesen Monat ist noch ein Korrekturantrag offen: bitte zuerst entscheiden.");

    const now = new Date();
    const approval = { approvedAt: now, approvedBy: audit.actor.id, approvedByName: audit.actor.username };
    const row = await tx.timesheetMonth.upsert({
      where: { employeeId_month: { employeeId, month: gte } },
      create: { employeeId, month: gte, ...approval },
      update: approval,
    });
    const { count } = await tx.timeEntry.updateMany({
      where: { employeeId, status: "recorded", date: { gte, lt } },
      data: { status: "approved" },
    });
    await keepMonthFigures(tx, {
      employeeId,
      month: input.month,
      today: businessToday(),
      timeZone: config.timeZone,
      now,
    });
    // The person learns at once that the month's statement is ready (inbox, e-mail, push; docs §34.5).
    await notifyEmployee(tx, employeeId, monthlyStatementReady(input.month, audit.actor.username));
    await recordAudit(tx, {
      ...audit,
      action: "timesheet.approve",
      entityType: "employee",
      entityId: employeeId,
      details: { employee_id: employeeId, month: input.month, entries: count },
    });
    const result = { ...toMonthDto(row), entries_changed: count };
    await queueWebhookEvent(tx, "timesheet.approved", async () => result);
    return result;
  }, LOCKING_TRANSACTION);
}

/**
 * POST /api/timesheets/reopen: the month's approved entries go back to recorded, each with a revision carrying the
 * reason; the month row keeps who reopened it and why.
 */
export async function reopenMonth({
  input,
  audit,
}: {
  input: ReopenMonthInput;
  audit: AuditContext;
}): Promise<TimesheetMonthResult> {
  return transaction(async (tx) => {
    const employeeId = input.employee_id;
    const { name } = await lockEntryEmployee(tx, employeeId, { archivedToo: true });
    const { gte, lt } = monthRange(input.month);
    const existing = await tx.timesheetMonth.findUnique({
      where: { employeeId_month: { employeeId, month: gte } },
    });
    if (!existing?.approvedAt)
      throw new ApiError("conflict", `Der Monat ${formatMonthYear(input.month)} von ${name} ist nicht genehmigt.`);
    const now = new Date();
    // The month first: the database refuses changing an entry of an approved month (migration 20261203000200).
    const row = await tx.timesheetMonth.update({
      where: { employeeId_month: { employeeId, month: gte } },
      data: {
        approvedAt: null,
        // Open again, its entries may change: the time account counts it again (docs/PRODUCT-RULES.md §34.3).
        workedMinutes: null,
        targetMinutes: null,
        creditMinutes: null,
        reopenedAt: now,
        reopenedBy: audit.actor.id,
        reopenedByName: audit.actor.username,
        reopenReason: input.reason,
      },
    });
    const entries = await reopenEntries(tx, { employeeId, gte, lt, reason: input.reason, audit, now });
    await recordAudit(tx, {
      ...audit,
      action: "timesheet.reopen",
      entityType: "employee",
      entityId: employeeId,
      details: { employee_id: employeeId, month: input.month, entries, reason: input.reason },
    });
    return { ...toMonthDto(row), entries_changed: entries };
  }, LOCKING_TRANSACTION);
}

/** The approved entries of the month back to recorded, one immutable revision each; answers how many. */
async function reopenEntries(
  tx: Tx,
  {
    employeeId,
    gte,
    lt,
    reason,
    audit,
    now,
  }: { employeeId: number; gte: Date; lt: Date; reason: string; audit: AuditContext; now: Date },
): Promise<number> {
  const where = { employeeId, status: "approved" as const, date: { gte, lt } };
  const rows = await tx.timeEntry.findMany({
    where,
    select: { ...ENTRY_SELECT, location: { select: { name: true } } },
    orderBy: [{ startAt: "asc" }, { id: "asc" }],
  });
  if (rows.length === 0) return 0;
  await tx.timeEntry.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { status: "recorded" } });
  await tx.timeEntryRevision.createMany({
    data: rows.map(({ location, ...row }) => {
      const before = revisionSnapshot(row, location.name, now);
      return {
        entryId: row.id,
        changedBy: audit.actor.id,
        changedByName: audit.actor.username,
        changedAt: now,
        before,
        after: { ...before, status: "recorded" },
        reason,
      };
    }),
  });
  return rows.length;
}

/** The approval state of the employees' months from `fromMonth` to `toMonth` (yyyy-MM), never approved ones too. */
export async function readMonths(
  db: Db,
  { employeeIds, fromMonth, toMonth }: { employeeIds: number[]; fromMonth: string; toMonth: string },
): Promise<Map<number, TimesheetMonthDto[]>> {
  const rows = await db.timesheetMonth.findMany({
    where: {
      employeeId: { in: employeeIds },
      month: { gte: toDateColumn(`${fromMonth}-01`), lte: toDateColumn(`${toMonth}-01`) },
    },
  });
  const months: string[] = [];
  for (let month = fromMonth; month <= toMonth; month = addMonths(`${month}-01`, 1).slice(0, 7)) months.push(month);
  const byKey = new Map(rows.map((row) => [`${row.employeeId}:${fromDateColumn(row.month).slice(0, 7)}`, row]));
  return new Map(
    employeeIds.map((employeeId) => [
      employeeId,
      months.map((month) => {
        const row = byKey.get(`${employeeId}:${month}`);
        return row ? toMonthDto(row) : openMonth(employeeId, month);
      }),
    ]),
  );
}
