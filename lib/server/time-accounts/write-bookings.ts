import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { config } from "@/lib/server/config";
import type { Tx } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { lockEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { todayIn } from "@/lib/shared/dates";
import { formatDate, formatMonthYear } from "@/lib/shared/format";
import type { BookingInput, OpeningInput, openingDtoSchema } from "@/lib/shared/schemas/time-account";
import { toBookingDto } from "./read-time-accounts";

type OpeningDto = z.infer<typeof openingDtoSchema>;

/** 400 for a month that has not begun: an account books what happened, never ahead. */
export function assertMonthBegun(month: string, today: string): void {
  if (`${month}-01` > today) {
    const message = `Der Monat ${formatMonthYear(month)} liegt in der Zukunft.`;
    throw new ApiError("validation_failed", message, { fields: { month: message } });
  }
}

type AccountHolder = { id: number; name: string; isHourly: boolean; archivedOn: string | null };

/**
 * Locks the employee (FOR UPDATE, as the monthly approval does first) and answers who it is: archived ones too, a
 * payout after someone left is booked after they left (in the month they left: `assertAccountMonth`). The hourly
 * paid have no account (409).
 */
async function lockAccountHolder(tx: Tx, employeeId: number): Promise<AccountHolder> {
  const employee = (await lockEmployees(tx, [employeeId])).get(employeeId);
  if (!employee) throw new ApiError("not_found", "Mitarbeiter nicht gefunden");
  const { isHourly, archivedAt } = await tx.employee.findUniqueOrThrow({
    where: { id: employeeId },
    select: { isHourly: true, archivedAt: true },
  });
  if (isHourly) throw new ApiError("conflict", `${employee.name} arbeitet im Stundenlohn und hat kein Zeitkonto.`);
  const archivedOn = archivedAt ? todayIn(config.timeZone, archivedAt) : null;
  return { id: employeeId, name: employee.name, isHourly, archivedOn };
}

/**
 * 409 for a month after the one someone left in: their account ends on that day (§34.3), so a booking or an opening
 * there would be on no month of it. The final payout belongs to the last month.
 */
function assertAccountMonth(holder: AccountHolder, month: string): void {
  const lastMonth = holder.archivedOn?.slice(0, 7);
  if (holder.archivedOn && lastMonth && month > lastMonth)
    throw new ApiError(
      "conflict",
      `Das Zeitkonto von ${holder.name} endet mit dem Austritt am ${formatDate(holder.archivedOn)}: bitte im ` +
        `${formatMonthYear(lastMonth)} buchen.`,
      { fields: { month: `Das Zeitkonto endet im ${formatMonthYear(lastMonth)}.` } },
    );
}

/** 409 when any month of the employee from `month` on is approved (its statement has gone out). */
async function assertNoApprovalFrom(tx: Tx, holder: AccountHolder, month: string, what: string): Promise<void> {
  const approved = await tx.timesheetMonth.findFirst({
    where: { employeeId: holder.id, approvedAt: { not: null }, month: { gte: toDateColumn(`${month}-01`) } },
    orderBy: { month: "asc" },
    select: { month: true },
  });
  if (approved)
    throw new ApiError(
      "conflict",
      `Der Monat ${formatMonthYear(fromDateColumn(approved.month).slice(0, 7))} von ${holder.name} ist genehmigt: ` +
        `${what} erst nach dem Wiedereröffnen.`,
    );
}

/**
 * POST /api/time-accounts/bookings (docs/PRODUCT-RULES.md §34.3): a payout or a correction in a month of the account
 * that is not approved. Bookings are never changed or deleted (a trigger refuses it): a wrong one is answered by a
 * correction.
 */
export async function createBooking({
  input,
  audit,
  today,
}: {
  input: BookingInput;
  audit: AuditContext;
  today: string;
}) {
  assertMonthBegun(input.month, today);
  return transaction(async (tx) => {
    const holder = await lockAccountHolder(tx, input.employee_id);
    assertAccountMonth(holder, input.month);
    const approved = await tx.timesheetMonth.count({
      where: { employeeId: holder.id, month: toDateColumn(`${input.month}-01`), approvedAt: { not: null } },
    });
    if (approved > 0)
      throw new ApiError(
        "conflict",
        `Der Monat ${formatMonthYear(input.month)} von ${holder.name} ist genehmigt: Buchungen erst nach dem ` +
          "Wiedereröffnen.",
      );
    const start = await accountStart(tx, holder.id);
    if (!start)
      throw new ApiError(
        "conflict",
        `${holder.name} hat noch kein Zeitkonto: es beginnt mit dem ersten Zeiteintrag oder einem Anfangssaldo.`,
      );
    if (input.month < start.slice(0, 7))
      throw new ApiError(
        "conflict",
        `Das Zeitkonto von ${holder.name} beginnt erst im ${formatMonthYear(start.slice(0, 7))}.`,
      );
    const row = await tx.timeAccountBooking.create({
      data: {
        employeeId: holder.id,
        month: toDateColumn(`${input.month}-01`),
        kind: input.kind,
        minutes: input.minutes,
        reason: input.reason,
        createdBy: audit.actor.id,
        createdByName: audit.actor.username,
      },
    });
    const booking = toBookingDto(row);
    await recordAudit(tx, {
      ...audit,
      action: "timesheet.account_booking",
      entityType: "employee",
      entityId: holder.id,
      details: booking,
    });
    return booking;
  });
}

/** The account's first day: its opening's month, else the first day with an entry that counts. */
async function accountStart(tx: Tx, employeeId: number): Promise<string | null> {
  const opening = await tx.timeAccountOpening.findUnique({ where: { employeeId }, select: { month: true } });
  if (opening) return fromDateColumn(opening.month);
  const first = await tx.timeEntry.findFirst({
    where: { employeeId, status: { not: "void" } },
    orderBy: { date: "asc" },
    select: { date: true },
  });
  return first ? fromDateColumn(first.date) : null;
}

/**
 * PUT /api/time-accounts/opening (docs/PRODUCT-RULES.md §34.3): where the account starts and the balance brought
 * into that month. Set (again) freely while no month from the earlier of the account's start so far (the old opening,
 * else the first recorded day) and the new start on is approved.
 */
export async function setOpening({
  input,
  audit,
  today,
}: {
  input: OpeningInput;
  audit: AuditContext;
  today: string;
}): Promise<OpeningDto> {
  assertMonthBegun(input.month, today);
  return transaction(async (tx) => {
    const holder = await lockAccountHolder(tx, input.employee_id);
    assertAccountMonth(holder, input.month);
    const before = await tx.timeAccountOpening.findUnique({ where: { employeeId: holder.id } });
    // Without an opening the account began on the first recorded day: an opening later than an approved month would
    // drop that month from the account, so it counts from there too.
    const started = await accountStart(tx, holder.id);
    const beforeMonth = started ? started.slice(0, 7) : input.month;
    const earliest = beforeMonth < input.month ? beforeMonth : input.month;
    await assertNoApprovalFrom(tx, holder, earliest, "der Anfangssaldo lässt sich");
    const data = {
      month: toDateColumn(`${input.month}-01`),
      minutes: input.minutes,
      reason: input.reason,
      setBy: audit.actor.id,
      setByName: audit.actor.username,
      setAt: new Date(),
    };
    const row = await tx.timeAccountOpening.upsert({
      where: { employeeId: holder.id },
      create: { employeeId: holder.id, ...data },
      update: data,
    });
    const opening: OpeningDto = {
      month: input.month,
      minutes: row.minutes,
      reason: row.reason,
      set_by_name: row.setByName,
      set_at: row.setAt.toISOString(),
    };
    await recordAudit(tx, {
      ...audit,
      action: "timesheet.account_opening",
      entityType: "employee",
      entityId: holder.id,
      details: {
        employee_id: holder.id,
        before: before ? { month: beforeMonth, minutes: before.minutes, reason: before.reason } : null,
        after: { month: input.month, minutes: input.minutes, reason: input.reason },
      },
    });
    return opening;
  });
}
