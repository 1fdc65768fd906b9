import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { toDateColumn } from "@/lib/server/db/columns";

/**
 * "From today on" of an employee's archive (docs/PRODUCT-RULES.md §8), defined once: the archive writes these rows
 * and the delete confirmation counts them first (§29.4), so the two cannot drift apart.
 */
export type EmployeeScope = { employeeId: number; today: string };

/** The shifts dated today or later: they become open. */
export const futureShiftsOf = ({ employeeId, today }: EmployeeScope): Prisma.ShiftWhereInput => ({
  employeeId,
  shiftDate: { gte: toDateColumn(today) },
});

/** The vacations running today that began before: they are cut to end yesterday (the days taken stay charged). */
export const runningVacationsOf = ({ employeeId, today }: EmployeeScope): Prisma.VacationWhereInput => ({
  employeeId,
  startDate: { lt: toDateColumn(today) },
  endDate: { gte: toDateColumn(today) },
});

/** The vacations starting today or later: they are deleted (one running today is only cut). */
export const futureVacationsOf = ({ employeeId, today }: EmployeeScope): Prisma.VacationWhereInput => ({
  employeeId,
  startDate: { gte: toDateColumn(today) },
});
