import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import type { Tx } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { lockEmployees } from "@/lib/server/db/locks";
import { formatDate } from "@/lib/shared/format";
import { EMPLOYEE_REQUIRED } from "@/lib/shared/schemas/vacation";
import { daysByYear } from "./vacation-days";
import { vacationDaysSql } from "./vacation-days-sql";

type DaysTakenOptions = { employeeId: number; year: number; excludeVacationId?: number };

/**
 * Days of `year` already spoken for: approved plus requested (docs/PRODUCT-RULES.md §26.3), optionally leaving one
 * vacation out. A request holds its days until it is decided, so requests can never promise more than the total.
 */
async function daysTaken(tx: Tx, { employeeId, year, excludeVacationId }: DaysTakenOptions): Promise<number> {
  const employee = Prisma.sql`${employeeId}`;
  const [row] = await tx.$queryRaw<{ taken: number }[]>`
    SELECT ${vacationDaysSql({ employeeId: employee, year, status: "approved", excludeVacationId })}
         + ${vacationDaysSql({ employeeId: employee, year, status: "requested", excludeVacationId })} AS taken`;
  return row.taken;
}

/**
 * Locks the employee row (lockEmployees, lib/server/db/locks.ts): every write that charges an employee's vacation
 * days queues here, so parallel requests never take the balance below zero (20 parallel requests against 3 days
 * left: exactly the ones that fit). Answers the year's total; 400 for an unknown or archived employee.
 */
export async function lockEmployee(tx: Tx, employeeId: number): Promise<number> {
  const employee = (await lockEmployees(tx, [employeeId], { activeOnly: true })).get(employeeId);
  if (!employee)
    throw new ApiError("validation_failed", "Mitarbeiter nicht gefunden", {
      fields: { employee_id: EMPLOYEE_REQUIRED },
    });
  return employee.vacationDaysTotal;
}

type RangeCheck = {
  employeeId: number;
  startDate: string;
  endDate: string;
  days: string[];
  excludeVacationId?: number;
};

/**
 * Refuses a range that overlaps another requested or approved vacation of the employee (409; rejected requests
 * never block) or an absence (§32.2), or needs more days than are left in one of its calendar years (400 with
 * required, available, year). The employee row must be locked already.
 */
export async function checkRange(tx: Tx, total: number, range: RangeCheck): Promise<void> {
  const { employeeId, startDate, endDate, days, excludeVacationId } = range;
  const overlapping = await tx.vacation.findFirst({
    where: {
      employeeId,
      status: { in: ["requested", "approved"] },
      ...(excludeVacationId !== undefined && { id: { not: excludeVacationId } }),
      startDate: { lte: toDateColumn(endDate) },
      endDate: { gte: toDateColumn(startDate) },
    },
    select: { startDate: true, endDate: true },
  });
  if (overlapping) {
    const from = formatDate(fromDateColumn(overlapping.startDate));
    const to = formatDate(fromDateColumn(overlapping.endDate));
    throw new ApiError("conflict", `Überschneidet sich mit bestehenden Ferien (${from} – ${to})`);
  }
  // A day is one kind of away (docs/PRODUCT-RULES.md §32.2): no vacation over an absence, as no absence over one.
  const absence = await tx.absence.findFirst({
    where: { employeeId, startDate: { lte: toDateColumn(endDate) }, endDate: { gte: toDateColumn(startDate) } },
    select: { startDate: true, endDate: true },
  });
  if (absence) {
    const from = formatDate(fromDateColumn(absence.startDate));
    const to = formatDate(fromDateColumn(absence.endDate));
    throw new ApiError("conflict", `Überschneidet sich mit einer Abwesenheit (${from} – ${to})`);
  }

  for (const [year, required] of daysByYear(days)) {
    const available = total - (await daysTaken(tx, { employeeId, year, excludeVacationId }));
    if (required > available) {
      throw new ApiError("insufficient_vacation_days", "Nicht genügend Ferientage", { required, available, year });
    }
  }
}
