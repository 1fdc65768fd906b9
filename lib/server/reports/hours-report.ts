import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import { fromDateColumn, fromTimeColumn, toDateColumn } from "@/lib/server/db/columns";
import type { HoursReportQuery } from "@/lib/shared/schemas/report";
import { buildHoursReport, type HoursReport } from "./build-hours-report";

/**
 * GET /reports/hours: active employees, plus archived ones who worked in the
 * range (PRODUCT.md §4). With employee_id, only that employee.
 */
export async function hoursReport(query: HoursReportQuery): Promise<HoursReport> {
  const range = { gte: toDateColumn(query.start_date), lte: toDateColumn(query.end_date) };
  const onlyOne = query.employee_id !== undefined ? { employeeId: query.employee_id } : {};
  const [employees, shifts, vacations] = await Promise.all([
    db.employee.findMany({
      where: {
        ...(query.employee_id !== undefined && { id: query.employee_id }),
        OR: [{ archivedAt: null }, { shifts: { some: { shiftDate: range } } }],
      },
    }),
    db.shift.findMany({
      where: { shiftDate: range, employeeId: { not: null }, ...onlyOne },
      select: { employeeId: true, shiftDate: true, startTime: true, endTime: true },
    }),
    db.vacation.findMany({
      where: { startDate: { lte: range.lte }, endDate: { gte: range.gte }, ...onlyOne },
      select: { employeeId: true, startDate: true, endDate: true },
    }),
  ]);
  if (query.employee_id !== undefined && employees.length === 0)
    throw new ApiError("not_found", "Mitarbeiter nicht gefunden");

  return buildHoursReport({
    startDate: query.start_date,
    endDate: query.end_date,
    employees: employees.map((e) => ({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      weeklyHours: e.weeklyHours.toNumber(),
      isHourly: e.isHourly,
    })),
    shifts: shifts.map((s) => ({
      employeeId: s.employeeId!,
      date: fromDateColumn(s.shiftDate),
      start: fromTimeColumn(s.startTime),
      end: fromTimeColumn(s.endTime),
    })),
    vacations: vacations.map((v) => ({
      employeeId: v.employeeId,
      start: fromDateColumn(v.startDate),
      end: fromDateColumn(v.endDate),
    })),
  });
}
