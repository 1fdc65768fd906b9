import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { unassignShifts } from "@/lib/server/shifts/write-shifts";
import type { RecordedVacation } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";
import { EMPLOYEE_REQUIRED, type VacationInput } from "@/lib/shared/schemas/vacation";
import { getVacation, vacationNotFound } from "./find-vacations";
import { daysByYear, replaceVacationDays, vacationDaysOf } from "./vacation-days";
import { vacationDaysUsedSql } from "./vacation-days-used";

type DaysUsedOptions = { employeeId: number; year: number; excludeVacationId?: number };

/** Days used in `year`, counted from the vacations' charged days (optionally leaving one out). */
async function daysUsed({ employeeId, year, excludeVacationId }: DaysUsedOptions, tx: Tx): Promise<number> {
  const [row] = await tx.$queryRaw<
    { used: number }[]
  >`SELECT ${vacationDaysUsedSql(Prisma.sql`${employeeId}`, year, excludeVacationId)} AS used`;
  return row.used;
}

/**
 * Checks a vacation against the employee's other vacations and balance, with
 * the employee row locked (SELECT … FOR UPDATE): parallel requests for one
 * employee queue here, so fifty at once never take the balance below zero.
 * Each calendar year the vacation touches is charged separately.
 */
async function checkVacation(tx: Tx, input: VacationInput, excludeVacationId?: number): Promise<string[]> {
  const [employee] = await tx.$queryRaw<{ total: number }[]>`
    SELECT vacation_days_total::float8 AS total FROM employees
    WHERE id = ${input.employee_id} AND archived_at IS NULL
    FOR UPDATE`;
  if (!employee)
    throw new ApiError("validation_failed", "Mitarbeiter nicht gefunden", {
      fields: { employee_id: EMPLOYEE_REQUIRED },
    });

  // Monday-Friday days less the company region's public holidays (docs/PRODUCT-RULES.md §22).
  const days = await vacationDaysOf(input.start_date, input.end_date, tx);
  if (days.length === 0) {
    throw new ApiError("validation_failed", "Der Zeitraum enthält keine Arbeitstage", {
      fields: { end_date: "Der Zeitraum enthält keine Arbeitstage" },
    });
  }

  const overlapping = await tx.vacation.findFirst({
    where: {
      employeeId: input.employee_id,
      ...(excludeVacationId !== undefined && { id: { not: excludeVacationId } }),
      startDate: { lte: toDateColumn(input.end_date) },
      endDate: { gte: toDateColumn(input.start_date) },
    },
    select: { startDate: true, endDate: true },
  });
  if (overlapping) {
    const from = formatDate(fromDateColumn(overlapping.startDate));
    const to = formatDate(fromDateColumn(overlapping.endDate));
    throw new ApiError("conflict", `Überschneidet sich mit bestehenden Ferien (${from} – ${to})`);
  }

  for (const [year, required] of daysByYear(days)) {
    const used = await daysUsed({ employeeId: input.employee_id, year, excludeVacationId }, tx);
    const available = employee.total - used;
    if (required > available) {
      throw new ApiError("insufficient_vacation_days", "Nicht genügend Ferientage", { required, available, year });
    }
  }
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

/** The vacation's days become free: the employee's shifts on them are opened in the same transaction. */
async function openShiftsOnVacation(tx: Tx, input: VacationInput): Promise<number[]> {
  return unassignShifts({ employeeId: input.employee_id, startDate: input.start_date, endDate: input.end_date }, tx);
}

export async function createVacation({ input, audit }: CreateOptions<VacationInput>): Promise<RecordedVacation> {
  const { id, opened } = await db.$transaction(async (tx) => {
    const days = await checkVacation(tx, input);
    const daysCount = days.length;
    const vacation = await tx.vacation.create({ data: columns(input, daysCount), select: { id: true } });
    await replaceVacationDays(vacation.id, days, tx);
    const opened = await openShiftsOnVacation(tx, input);
    await recordAudit(
      {
        ...audit,
        action: "vacation.create",
        entityType: "vacation",
        entityId: vacation.id,
        details: { employee_id: input.employee_id, days: daysCount, opened_shift_ids: opened },
      },
      tx,
    );
    return { id: vacation.id, opened };
  }, LOCKING_TRANSACTION);
  return { ...(await getVacation({ id })), opened_shifts: opened.length };
}

/** PUT replaces the whole vacation; its own days do not count against it. */
export async function updateVacation({ id, input, audit }: UpdateOptions<VacationInput>): Promise<RecordedVacation> {
  const opened = await db.$transaction(async (tx) => {
    const existing = await tx.vacation.findUnique({ where: { id }, select: { employeeId: true } });
    if (!existing) throw vacationNotFound();
    if (existing.employeeId !== input.employee_id) {
      // Moving a vacation to another employee: lock both, in id order, so two moves in opposite directions queue
      // instead of deadlocking (checkVacation's own lock on the new one then finds it held already).
      await tx.$executeRaw`
        SELECT 1 FROM employees WHERE id IN (${existing.employeeId}, ${input.employee_id}) ORDER BY id FOR UPDATE`;
    }
    const days = await checkVacation(tx, input, id);
    const daysCount = days.length;
    await tx.vacation.update({ where: { id }, data: columns(input, daysCount) });
    await replaceVacationDays(id, days, tx);
    const opened = await openShiftsOnVacation(tx, input);
    await recordAudit(
      {
        ...audit,
        action: "vacation.update",
        entityType: "vacation",
        entityId: id,
        details: { employee_id: input.employee_id, days: daysCount, opened_shift_ids: opened },
      },
      tx,
    );
    return opened;
  }, LOCKING_TRANSACTION);
  return { ...(await getVacation({ id })), opened_shifts: opened.length };
}

/** Deleting returns the days: "used" is always computed from the vacations. */
export async function deleteVacation({ id, audit }: RemoveOptions): Promise<void> {
  await db.$transaction(async (tx) => {
    const vacation = await tx.vacation.findUnique({ where: { id }, select: { employeeId: true, daysCount: true } });
    if (!vacation) throw vacationNotFound();
    await tx.vacation.delete({ where: { id } });
    await recordAudit(
      {
        ...audit,
        action: "vacation.delete",
        entityType: "vacation",
        entityId: id,
        details: { employee_id: vacation.employeeId, days: vacation.daysCount },
      },
      tx,
    );
  });
}
